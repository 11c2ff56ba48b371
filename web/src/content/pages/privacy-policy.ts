import type { SeedPage } from './types';

/**
 * The privacy policy: a legal block, its sections' text as the API stores rich text (its sanitiser
 * leaves it unchanged) and as the admin's editor writes it back (paragraphs, lists, emphasis); the
 * contact section's e-mail, contact page and phones come from the site settings.
 */
export const privacyPage: SeedPage = {
  path: '/privacy-policy',
  title: 'Privacy Policy | Alchem Digital',
  description:
    'How Alchem Digital collects, uses and protects the personal data you share through this website.',
  breadcrumb: [
    {
      name: 'Home',
      path: '/',
    },
    {
      name: 'Privacy Policy',
      path: '/privacy-policy',
    },
  ],
  blocks: [
    {
      type: 'hero',
      id: 'hero',
      title: 'Privacy Policy',
      parallax: 0.5,
    },
    {
      type: 'legal',
      id: 'policy',
      lastUpdated: '2026-11-28',
      intro:
        'This Privacy Policy describes how Alchem Digital ("we", "us") collects, uses and discloses your information when you use our website, and tells you about your privacy rights.',
      sections: [
        {
          id: 'interpretation',
          heading: 'Interpretation and Definitions',
          body: '<p>Words with capitalised first letters have the meanings defined here, whether they appear in singular or plural.</p><p>"Company" means the agency operating this website. "Service" means the website. "Personal Data" is any information that relates to an identified or identifiable individual. "Usage Data" is data collected automatically when you use the Service. "You" means the person using the Service.</p>',
        },
        {
          id: 'data-collected',
          heading: 'Types of Data Collected',
          body: '<p>While using our Service, for example when you send an enquiry, we may ask you for personal information that can be used to contact or identify you, including:</p><ul><li>Email address</li><li>First name and last name</li><li>Phone number</li><li>Company name</li><li>Usage Data</li></ul><p>With an enquiry we also keep where your visit came from: the page you sent it from, the first page you opened on this visit, the address of the website that linked you to us (only when it is another website) and the campaign parameters in the address of that first page (utm_source, utm_medium, utm_campaign, utm_term, utm_content and gclid). We use them to know which of our pages and campaigns bring enquiries.</p><p>With it we keep the pages you saw in that visit before sending the enquiry, and how long the visit had lasted.</p><p>Until you send an enquiry, this stays in your browser, for the current visit only: it is kept in the browser’s session storage, which is cleared when you close the tab, and no cookie is set. It is sent to us only with an enquiry, and never if you do not send one.</p>',
        },
        {
          id: 'usage-data',
          heading: 'Usage Data',
          body: '<p>We count visits to this website ourselves, without cookies and without storing any identifier in your browser, and we send no data about your visit to anyone else. When a page is shown, your browser sends us its address, the address of the website that linked you here (only when it is another website), the campaign parameters of the address (utm_source, utm_medium, utm_campaign, utm_term and utm_content, and the name but not the value of an ad click id such as gclid) and whether the window is narrow, medium or wide; when you leave the page, how long it was shown.</p><p>To count a visitor once a day without knowing who they are, our server makes a one-way code from your IP address, your browser’s user agent, this website’s name and a random value that changes every day. The random value is destroyed within two days, after which nobody, not even we, can link the code to you again. Your IP address and user agent are not stored with these counts. We keep only your country, as our content delivery network reports it, and the kind of device (computer, phone or tablet).</p><p>The codes and the individual page views are deleted within 48 hours; what we keep is totals per day (by page, referring website, campaign, country and kind of device), for 25 months. If your browser sends Do Not Track or Global Privacy Control, your visits are not counted at all.</p><p>Like every web server, our content delivery network (Amazon CloudFront) and our servers write technical logs of requests, which include the IP address and the user agent; we keep them for at most 90 days to find faults and stop abuse, and do not use them to count visitors.</p>',
        },
        {
          id: 'social-sign-in',
          heading: 'Information from Third-Party Social Media Services',
          body: '<p>If we offer sign-in through a third-party social media service, we may collect personal data already associated with that account, such as your name and e-mail address. You may also choose to share additional information with us through that service.</p>',
        },
        {
          id: 'cookies',
          heading: 'Tracking Technologies and Cookies',
          body: '<p>We use browser storage only to remember which blog posts you have read, so each read is counted once, to remember that you accepted our cookie notice and, for the current visit only, where the visit came from and the pages seen (see Types of Data Collected). We count visits without cookies (see Usage Data) and do not use advertising cookies on this site.</p><p>Third-party services that you choose to use, such as the live-chat widget or embedded maps, may set their own cookies under their own policies.</p>',
        },
        {
          id: 'use',
          heading: 'Use of Your Personal Data',
          body: '<ul><li>To answer your enquiry and call you back.</li><li>To provide and maintain our Service and monitor its usage.</li><li>To perform a contract for services you have requested.</li><li>To contact you about updates or information related to the services you use.</li><li>To comply with legal obligations.</li></ul>',
        },
        {
          id: 'retention',
          heading: 'Retention of Your Personal Data',
          body: '<p>We keep Personal Data only as long as needed for the purposes in this policy and to comply with our legal obligations, resolve disputes and enforce our agreements. Usage Data is kept for a shorter period unless it is used to improve security or functionality.</p>',
        },
        {
          id: 'transfer',
          heading: 'Transfer of Your Personal Data',
          body: '<p>Your information may be processed in our offices in India and the USA and wherever the parties involved in processing are located. We take reasonable steps to ensure your data is treated securely and in accordance with this policy.</p>',
        },
        {
          id: 'disclosure',
          heading: 'Disclosure of Your Personal Data',
          body: '<p>We may disclose Personal Data in a business transfer, when required by law or a valid request of a public authority, or where necessary to protect our rights, your safety or the safety of others. We never sell your data.</p>',
        },
        {
          id: 'security',
          heading: 'Security of Your Personal Data',
          body: '<p>We use commercially acceptable means to protect your Personal Data, but no method of transmission over the Internet or of electronic storage is 100% secure.</p>',
        },
        {
          id: 'children',
          heading: 'Children’s Privacy',
          body: '<p>Our Service does not address anyone under the age of 13. We do not knowingly collect personal information from anyone under 13. If you are a parent or guardian and know that your child has given us Personal Data, please contact us and we will delete it.</p>',
        },
        {
          id: 'links',
          heading: 'Links to Other Websites',
          body: '<p>Our Service may contain links to websites we do not operate. We have no control over, and assume no responsibility for, the content or privacy practices of third-party sites.</p>',
        },
        {
          id: 'changes',
          heading: 'Changes to this Privacy Policy',
          body: '<p>We may update this policy from time to time. We will post the new policy on this page and update the "Last updated" date at the top.</p>',
        },
        {
          id: 'contact',
          heading: 'Contact Us',
          body: '<p>If you have any questions about this Privacy Policy, you can contact us:</p>',
          contact: true,
        },
      ],
    },
  ],
};
