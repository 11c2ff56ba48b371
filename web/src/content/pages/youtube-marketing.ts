import type { SeedPage } from './types';

/** The YouTube Marketing service landing page. */
export const youtubeMarketingPage: SeedPage = {
  path: '/youtube-marketing',
  title: 'YouTube Marketing Agency | Channel Growth & YouTube Ads',
  description:
    'YouTube marketing services: organic channel growth, video SEO and paid YouTube ads (skippable, bumper, in-feed) that reach the viewers who become customers.',
  keywords: 'youtube marketing agency, youtube ads, video marketing, youtube seo',
  breadcrumb: [
    {
      name: 'Home',
      path: '/',
    },
    {
      name: 'Services',
      path: '/services',
    },
    {
      name: 'YouTube Marketing',
      path: '/youtube-marketing',
    },
  ],
  blocks: [
    {
      type: 'hero',
      id: 'hero',
      title: 'YouTube Marketing',
      subtitle: 'Grow a channel people subscribe to, and run video ads that people remember.',
      icon: 'play',
      action: {
        label: 'Reach us',
        scrollTo: 'digi-market-page-contact',
      },
      parallax: 0.6,
    },
    {
      type: 'benefitTabs',
      id: 'benefitTabs',
      heading: 'Advantages of YouTube marketing',
      tabs: [
        {
          title: 'Reach a Bigger Audience',
          icon: 'globe',
          paragraphs: [
            'YouTube is where a huge share of people watch, learn and shop. Your videos can be found through search and recommendations for years.',
          ],
        },
        {
          title: 'Quality Traffic',
          icon: 'chart',
          paragraphs: [
            'Viewers who watch your video already know what you offer, so those who click through are ready to talk.',
          ],
        },
        {
          title: 'Target Audience',
          icon: 'target',
          paragraphs: [
            'Reach viewers by interest, topic, location, life event or the searches they made, and exclude the rest.',
          ],
        },
        {
          title: 'Track Your Performance',
          icon: 'clock',
          paragraphs: [
            'Views, watch time, subscribers, clicks and conversions are measured for every video and ad.',
          ],
        },
      ],
      getInTouch: true,
    },
    {
      type: 'benefitTabs',
      id: 'benefitTabs-2',
      heading: 'Our YouTube marketing services',
      tabs: [
        {
          title: 'Organic Promotion',
          paragraphs: [
            'Growth that keeps paying off: a channel that ranks in search and keeps viewers watching.',
          ],
          cards: [
            {
              title: 'Channel audit',
              text: 'A review of your channel, videos and competitors with a clear action list.',
              icon: 'search',
            },
            {
              title: 'Channel set-up & branding',
              text: 'Banner, icon, trailer, sections and links that make a strong first impression.',
              icon: 'brush',
            },
            {
              title: 'Video SEO',
              text: 'Titles, descriptions, tags and chapters written to rank in YouTube and Google.',
              icon: 'target',
            },
            {
              title: 'Thumbnail design',
              text: 'Bold, consistent thumbnails that earn the click.',
              icon: 'layers',
            },
            {
              title: 'Content calendar',
              text: 'A publishing plan built on what your audience searches for.',
              icon: 'clock',
            },
            {
              title: 'Playlists & end screens',
              text: 'Journeys that keep viewers watching one video after another.',
              icon: 'play',
            },
            {
              title: 'Community management',
              text: 'Replies, pinned comments and community posts that build loyalty.',
              icon: 'users',
            },
            {
              title: 'Analytics & reporting',
              text: 'Monthly insight into watch time, audience and subscriber growth.',
              icon: 'chart',
            },
          ],
        },
        {
          title: 'Paid Media Marketing',
          paragraphs: [
            'Eight ad formats, chosen for your goal: awareness, consideration or action.',
          ],
          cards: [
            {
              title: 'Skippable in-stream ads',
              text: 'Play before or during videos; viewers can skip after 5 seconds, and you pay when they watch on.',
              icon: 'play',
            },
            {
              title: 'Non-skippable in-stream ads',
              text: 'Short ads watched in full, for messages that must land.',
              icon: 'clock',
            },
            {
              title: 'Bumper ads',
              text: '6 seconds, non-skippable: ideal for reach and recall.',
              icon: 'rocket',
            },
            {
              title: 'In-feed video ads',
              text: 'Appear in search results and beside related videos; you pay when someone chooses to watch.',
              icon: 'search',
            },
            {
              title: 'Overlay ads',
              text: 'Banner ads across the lower 20% of the player on desktop.',
              icon: 'layers',
            },
            {
              title: 'Display ads',
              text: 'Image ads to the right of the video and above the suggestions list.',
              icon: 'device',
            },
            {
              title: 'Sponsored cards',
              text: 'Cards that show products or offers related to the video.',
              icon: 'cart',
            },
            {
              title: 'Masthead ads',
              text: 'The top of the YouTube home feed for a day of maximum reach.',
              icon: 'star',
            },
          ],
        },
      ],
    },
    {
      type: 'text',
      id: 'text',
      heading: 'Video that works with your search strategy',
      paragraphs: [
        'Videos rank in Google as well as on YouTube. We plan your videos together with your website’s keywords so both channels support each other.',
        'Our team of strategists, editors and designers has grown channels for brands in retail, health, education and technology.',
      ],
      actions: [
        {
          action: {
            label: 'SEO services',
            href: '/seo-company-in-chennai',
          },
        },
        {
          action: {
            label: 'Our team',
            href: '/about',
          },
        },
        {
          action: {
            label: 'Our Works',
            href: '/portfolio',
          },
        },
        {
          action: {
            label: 'Contact Us',
            href: '/contact',
          },
        },
      ],
      illustration: 'play',
    },
    {
      type: 'cta',
      id: 'cta',
      title: 'Ready to put your brand on YouTube?',
      text: 'Tell us about your channel or your next campaign.',
      action: {
        label: 'Reach us',
        scrollTo: 'digi-market-page-contact',
      },
      parallax: 0.6,
    },
    {
      type: 'achievements',
      id: 'achievements',
      heading: 'Our achievements',
      items: [
        {
          value: '10+',
          label: 'Years of experience',
          text: 'In digital marketing for brands in India and the USA.',
        },
        {
          value: '5M+',
          label: 'Video views delivered',
          text: 'Across organic and paid campaigns.',
        },
        {
          value: '120+',
          label: 'Campaigns launched',
          text: 'From product launches to always-on channels.',
        },
      ],
    },
    {
      type: 'techList',
      id: 'techList',
      heading: 'Tools we use',
      items: [
        'YouTube Studio',
        'Google Ads',
        'Google Analytics',
        'TubeBuddy',
        'vidIQ',
        'Adobe Premiere Pro',
        'Adobe After Effects',
        'Adobe Photoshop',
        'Canva',
        'Google Trends',
      ],
    },
    {
      type: 'faq',
      id: 'faq',
      heading: 'Frequently asked questions',
      items: [
        {
          question: 'How long are YouTube bumper ads?',
          answer:
            'Bumper ads last 6 seconds and cannot be skipped, which makes them good for short, memorable messages.',
        },
        {
          question: 'When can viewers skip an in-stream ad?',
          answer:
            'Skippable in-stream ads can be skipped after 5 seconds. You typically pay only when a viewer watches longer or clicks.',
        },
        {
          question: 'How much of the player does a banner ad cover?',
          answer: 'Overlay banner ads take up the lower 20% of the video player on desktop.',
        },
        {
          question: 'How long does it take to grow a channel?',
          answer:
            'With a steady publishing plan, most channels see clear growth in views and subscribers within three to six months.',
        },
        {
          question: 'Do you make the videos too?',
          answer:
            'Yes. We script, edit and design thumbnails, or work with footage your team shoots.',
        },
      ],
    },
    {
      type: 'enquiryForm',
      id: 'enquiryForm',
      anchor: 'digi-market-page-contact',
    },
  ],
};
