import { SPECIAL_SLUGS } from '@agency/shared';
import type { BannerDesign } from './png';

/** A sample article of a fresh local stack, written for it (original text). */
export interface SeedPost {
  title: string;
  slug: string;
  /** Ids of the seeded categories and authors (see SEED_CATEGORIES / SEED_AUTHORS). */
  categoryId: number;
  authorId: number;
  headTag: string;
  content: string;
  banner: BannerDesign;
}

const description = (text: string) => `<meta name="description" content="${text}">`;

/** Oldest first: they are created in this order, so the last one is the newest post. */
export const SEED_POSTS: readonly SeedPost[] = [
  {
    title: 'An Icon for Each Uploaded File Type in HTML',
    slug: SPECIAL_SLUGS.fileIcons,
    categoryId: 3,
    authorId: 2,
    headTag: description(
      'Show a matching icon for PDFs, spreadsheets, images and other uploads with a few lines of HTML and JavaScript.',
    ),
    banner: {
      from: [18, 52, 86],
      to: [34, 150, 180],
      discs: [
        { x: 0.78, y: 0.35, r: 0.16, colour: [255, 255, 255], alpha: 0.25 },
        { x: 0.25, y: 0.75, r: 0.1, colour: [120, 220, 255], alpha: 0.35 },
      ],
    },
    content: `<p>An upload field that shows a generic paperclip for every file leaves people guessing whether they picked the right document. Showing a small icon that matches the file type, a red sheet for a PDF, a green grid for a spreadsheet, is a tiny touch that makes forms feel finished. This walkthrough shows how to do it with plain HTML and a little JavaScript.</p>
<h2>1. Start with a normal file input</h2>
<p>Keep the native control: it is accessible, works with the keyboard and already knows how to open the file picker on every device.</p>
<pre class="ql-syntax" spellcheck="false">&lt;label for="attachment"&gt;Attach a document&lt;/label&gt;
&lt;input id="attachment" type="file" multiple&gt;
&lt;ul id="file-list"&gt;&lt;/ul&gt;
</pre>
<h2>2. Work out the extension of each chosen file</h2>
<p>The <code>change</code> event gives you a <code>FileList</code>. The part of the name after the last dot is a good enough hint for choosing an icon; it is not a security check, so never trust it on the server.</p>
<pre class="ql-syntax" spellcheck="false">function extensionOf(name) {
  const dot = name.lastIndexOf('.');
  return dot &gt; 0 ? name.slice(dot + 1).toLowerCase() : 'default';
}
</pre>
<h2>3. Map the extension to an icon</h2>
<p>You can keep a set of SVG files named after extensions, or ask an endpoint that returns one. On this site, <a href="/api/extension-image/pdf">/api/extension-image/pdf</a> answers with a PDF icon and unknown types fall back to a generic document.</p>
<pre class="ql-syntax" spellcheck="false">const list = document.getElementById('file-list');
document.getElementById('attachment').addEventListener('change', (event) =&gt; {
  list.replaceChildren();
  for (const file of event.target.files) {
    const item = document.createElement('li');
    const icon = document.createElement('img');
    icon.src = '/api/extension-image/' + extensionOf(file.name);
    icon.alt = '';
    icon.width = 24;
    icon.height = 24;
    item.append(icon, ' ', file.name);
    list.append(item);
  }
});
</pre>
<h2>4. Details that make it feel right</h2>
<ul>
<li>Give decorative icons an empty <code>alt</code>: the file name next to them already says everything.</li>
<li>Set width and height so the list does not jump while icons load.</li>
<li>Show the file size too, formatted in KB or MB, so people notice an accidental 200 MB video before they press send.</li>
<li>Remember that the extension is only a label. Validate the real content of uploads on the server by their bytes.</li>
</ul>
<p>That is all it takes: one input, one small function and a folder of icons. If you would rather have us build forms like this into your site, <a href="/contact">get in touch</a>.</p>`,
  },
  {
    title: 'SEO Basics Every Small Business Site Should Get Right',
    slug: 'seo-basics-every-small-business-website-should-get-right',
    categoryId: 2,
    authorId: 3,
    headTag: description(
      'Titles, descriptions, speed, local listings and useful content: the search basics that matter most for a small business site.',
    ),
    banner: {
      from: [20, 70, 50],
      to: [130, 200, 120],
      discs: [
        { x: 0.7, y: 0.4, r: 0.22, colour: [240, 255, 230], alpha: 0.2 },
        { x: 0.15, y: 0.2, r: 0.08, colour: [255, 240, 150], alpha: 0.45 },
      ],
    },
    content: `<p>Search engine optimisation has a reputation for secret tricks. For a small business, almost none of them matter. What matters is a handful of basics done carefully and kept up to date. Here is the list we walk through with every new client.</p>
<h2>Give every page its own title and description</h2>
<p>The title tag is the blue link people see in results, and the meta description is usually the grey text under it. Write them for humans: say what the page offers and where, in about 60 and 155 characters. Two pages with the same title compete with each other.</p>
<h2>Make the site fast on a phone</h2>
<p>Most local searches happen on a phone, often on a patchy connection. Compress images, avoid heavy sliders above the fold and load third-party scripts only where they are needed. Google's Core Web Vitals are a useful yardstick, and the free <a href="https://pagespeed.web.dev/" target="_blank">PageSpeed Insights</a> tool measures them for you.</p>
<h2>Claim your local listings</h2>
<ul>
<li>Create or claim your Google Business Profile and keep opening hours current.</li>
<li>Use exactly the same business name, address and phone number everywhere.</li>
<li>Ask happy customers for reviews, and answer every review, good or bad.</li>
</ul>
<h2>Write content that answers real questions</h2>
<p>Look at the questions customers ask you on the phone. Each one is a possible page or article. A clear, honest answer to “how much does a kitchen refit cost?” will bring more of the right visitors than a page stuffed with keywords.</p>
<h2>Measure, then adjust</h2>
<p>Connect Google Search Console to see which searches show your pages and which pages get clicked. Review it monthly: improve pages that appear often but are rarely clicked, and update content that has gone stale.</p>
<p>None of this is glamorous, but it compounds. If you want a second pair of eyes on your site, our <a href="/seo-company-in-chennai">SEO team</a> is happy to help.</p>`,
  },
  {
    title: 'Building a Brand Identity That Lasts',
    slug: 'building-a-brand-identity-that-lasts',
    categoryId: 4,
    authorId: 4,
    headTag: description(
      'A lasting brand starts with a clear position and a small, consistent system of words, colours and type.',
    ),
    banner: {
      from: [70, 20, 80],
      to: [220, 80, 120],
      discs: [
        { x: 0.3, y: 0.45, r: 0.18, colour: [255, 220, 240], alpha: 0.22 },
        { x: 0.82, y: 0.72, r: 0.11, colour: [255, 180, 90], alpha: 0.4 },
      ],
    },
    content: `<p>A logo is not a brand. A brand is the sum of what people expect from you, and the identity is the set of signals that reminds them of it. Companies that keep a recognisable identity for decades tend to follow the same few principles.</p>
<h2>Start with a position, not a palette</h2>
<p>Before anyone opens a design tool, write down in one sentence who you serve, what you do better than the alternatives and why anyone should believe it. Every later decision, from colours to tone of voice, should make that sentence more believable.</p>
<h2>Keep the system small</h2>
<ul>
<li><strong>One or two typefaces</strong>, chosen for legibility first.</li>
<li><strong>A short palette</strong>: a main colour, a supporting colour and neutrals, with contrast that passes accessibility checks.</li>
<li><strong>A logo with simple variants</strong> for light and dark backgrounds and for small sizes such as favicons.</li>
<li><strong>A voice</strong> described in three adjectives, with examples of what to write and what to avoid.</li>
</ul>
<h2>Write it down</h2>
<p>A brand guide does not need to be a hundred-page book. A few pages that show correct and incorrect use, with files ready to download, prevent most mistakes when new staff or suppliers start working with you.</p>
<h2>Change slowly</h2>
<p>Refreshes should feel like evolution. Keep the elements people recognise and modernise the rest. Sudden, complete rebrands throw away years of recognition and should be reserved for real changes in the business.</p>
<p>Thinking about a new identity or a refresh? Read more about our <a href="/services">branding services</a>.</p>`,
  },
  {
    title: 'A Content Calendar That Actually Works',
    slug: 'a-content-calendar-that-actually-works',
    categoryId: 5,
    authorId: 1,
    headTag: description(
      'Plan fewer, better pieces, batch the work and review results monthly: a content calendar a small team can keep.',
    ),
    banner: {
      from: [90, 60, 10],
      to: [240, 190, 70],
      discs: [
        { x: 0.65, y: 0.3, r: 0.2, colour: [255, 250, 235], alpha: 0.25 },
        { x: 0.2, y: 0.65, r: 0.12, colour: [255, 120, 60], alpha: 0.3 },
      ],
    },
    content: `<p>Most content calendars die in March. They start as ambitious spreadsheets with a post every day and quietly stop being opened. A calendar that survives is one that matches the time the team really has.</p>
<h2>Plan around themes, not dates</h2>
<p>Pick one theme per month that matters to your customers, such as budgeting, seasonal maintenance or hiring. Each theme gives you an anchor article and several smaller pieces: a checklist, a short video, a few social posts and a newsletter section.</p>
<h2>Publish less, but better</h2>
<p>One genuinely useful article a fortnight beats five thin ones a week. Useful articles keep earning visits for years; thin ones are forgotten by Friday.</p>
<h2>Batch the work</h2>
<ol>
<li>Spend one session outlining the month's pieces.</li>
<li>Write drafts in a second session, without editing.</li>
<li>Edit, add images and schedule everything in a third.</li>
</ol>
<p>Switching between planning, writing and publishing is what eats time. Batching keeps each kind of work in one block.</p>
<h2>Review what happened</h2>
<p>Once a month, look at which pieces brought visits, enquiries or replies. Do more of what worked, update what nearly worked and stop what nobody read. Add those notes directly to the calendar so next month's plan starts from evidence.</p>
<p>If content keeps slipping down your list, our <a href="/services">content marketing team</a> can plan and write it with you.</p>`,
  },
  {
    title: 'Measuring the Return on Social Media Marketing',
    slug: 'measuring-the-return-on-social-media-marketing',
    categoryId: 6,
    authorId: 3,
    headTag: description(
      'Likes are not revenue. How to connect social media activity to enquiries and sales with goals, tracking links and honest reporting.',
    ),
    banner: {
      from: [10, 40, 110],
      to: [120, 90, 220],
      discs: [
        { x: 0.75, y: 0.55, r: 0.2, colour: [200, 220, 255], alpha: 0.25 },
        { x: 0.18, y: 0.3, r: 0.09, colour: [255, 160, 220], alpha: 0.4 },
      ],
    },
    content: `<p>“Is social media worth it for us?” is one of the questions we hear most. The honest answer is that it depends on what you measure. Follower counts and likes are easy to report and almost impossible to connect to revenue. Here is a more useful approach.</p>
<h2>Decide what a win looks like</h2>
<p>Choose one or two outcomes that matter to the business: enquiries through the website, bookings, newsletter sign-ups or sales. Everything else is a means to those ends.</p>
<h2>Tag every link</h2>
<p>Add UTM parameters to links you share so your analytics tool can tell a visit from an Instagram story apart from one from a LinkedIn post. Keep a simple naming convention, for example <code>utm_source=instagram&amp;utm_medium=social&amp;utm_campaign=spring-offer</code>, and stick to it.</p>
<h2>Count the costs honestly</h2>
<ul>
<li>Advertising spend, obviously.</li>
<li>The hours spent creating, posting and replying, at a realistic hourly rate.</li>
<li>Tools and subscriptions.</li>
</ul>
<h2>Report monthly, decide quarterly</h2>
<p>Month-to-month numbers are noisy. Look at trends across a quarter before dropping a channel or doubling down on one. Divide the value of the outcomes by the full cost and compare channels on the same basis.</p>
<p>Measured this way, some channels turn out to be far more valuable than they looked, and others quietly drain time. Either way, you will be making decisions on evidence. Want help setting this up? <a href="/contact">Talk to us</a>.</p>`,
  },
  {
    title: 'How to Start a Career in a Digital Marketing Agency',
    slug: SPECIAL_SLUGS.career,
    categoryId: 1,
    authorId: 1,
    headTag: description(
      'The skills, portfolio and habits that help you land your first job in a digital marketing agency and grow from there.',
    ),
    banner: {
      from: [15, 30, 70],
      to: [230, 100, 70],
      discs: [
        { x: 0.8, y: 0.3, r: 0.2, colour: [255, 255, 255], alpha: 0.3 },
        { x: 0.2, y: 0.8, r: 0.12, colour: [255, 200, 80], alpha: 0.5 },
      ],
    },
    content: `<p>Agencies are one of the best places to start a marketing career. You work for many clients in many industries, you see what works and what does not within months rather than years, and you learn from colleagues who specialise in different channels. Here is how to get your foot in the door.</p>
<h2>Learn the fundamentals first</h2>
<p>Every specialism rests on the same foundations: understanding an audience, writing clearly and reading numbers. Before collecting certificates, make sure you can explain what a conversion is, how a search results page is put together and why a landing page needs one clear goal.</p>
<h2>Pick a channel to go deep in</h2>
<p>Generalists are valuable later; at the start, agencies hire people who can do one thing well from day one. Good entry points are:</p>
<ul>
<li><strong>SEO</strong>: technical audits, keyword research and on-page improvements.</li>
<li><strong>Paid search and social</strong>: building campaigns, writing ads and managing budgets.</li>
<li><strong>Content</strong>: writing articles, newsletters and scripts that people actually finish.</li>
<li><strong>Analytics</strong>: setting up tracking and turning data into recommendations.</li>
</ul>
<h2>Build a small portfolio</h2>
<p>You do not need clients to show your work. Start a blog and grow its traffic, run a small ad campaign for a friend's shop with a modest budget, or audit a local business website and write up what you would change. Document the goal, what you did and the result, including what went wrong.</p>
<h2>Show that you can communicate</h2>
<p>Agency work is client work. In interviews, explain your portfolio projects in plain language, as you would to a business owner. Clear emails and tidy reports matter as much as technical skill.</p>
<h2>Your first months</h2>
<ol>
<li>Ask why as often as how: understanding the client's business makes your work better.</li>
<li>Keep a log of what you tried and what happened; it becomes your next portfolio.</li>
<li>Sit in on other teams' meetings when you can. Seeing how SEO, ads and content fit together is the fastest way to grow.</li>
</ol>
<p>We are always glad to hear from people starting out. Have a look at <a href="/about">who we are</a> and <a href="/contact">send us a note</a> about what you would like to learn.</p>`,
  },
];
