/**
 * For tests: the user agent of the `n`th distinct visitor, an ordinary desktop browser's (a test
 * runner's own agent is rightly a bot). A post counts a view once per visitor a day, and a visitor
 * is the daily hash of address and user agent, so calls meant as many views need as many visitors.
 */
export const visitorAgent = (n: number): string =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n}.0 Safari/537.36`;
