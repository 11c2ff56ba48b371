import { ListenButton } from './listen-button';

/** The article's HTML on the page, read when Listen is pressed (not carried twice in the HTML). */
const articleHtml = (): string => document.querySelector('.post__body')?.innerHTML ?? '';

/** Listen as an island: it takes no props and reads the article it sits beside. */
export default function ListenIsland() {
  return <ListenButton html={articleHtml} />;
}
