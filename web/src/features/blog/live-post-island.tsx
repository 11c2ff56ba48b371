import LivePost from './live-post';
import { PostView } from './post-view';

/** `LivePost` as an island: its props arrive as JSON, so the page's view is bound here. */
export default function LivePostIsland({ slug }: { slug: string }) {
  return <LivePost slug={slug} View={PostView} />;
}
