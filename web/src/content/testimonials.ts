/** The five fixed client testimonials of the home page (spec 001 §3): placeholder people, original quotes. */
export interface Testimonial {
  clientName: string;
  /** Role and company. */
  clientDesc: string;
  content: string;
}

export const testimonials: Testimonial[] = [
  {
    clientName: 'Meera Raghavan',
    clientDesc: 'CEO, Greenleaf Herbals',
    content:
      'They rebuilt our website and ran our social campaigns in one go. Enquiries from the site doubled in the first quarter, and we finally have a brand that looks as good as our products.',
  },
  {
    clientName: 'Daniel Brooks',
    clientDesc: 'Founder, Northside Health Co.',
    content:
      'Clear plans, honest timelines and no jargon. The team treated our launch like their own and kept improving the site long after go-live.',
  },
  {
    clientName: 'Priya Sundaram',
    clientDesc: 'Founder, Earthbound Organics',
    content:
      'Our organic search traffic has grown month after month since they took over SEO. Every report explains what changed and why.',
  },
  {
    clientName: 'Arjun Mehta',
    clientDesc: 'Founder, Keystone Locks',
    content:
      'The online store they built handles thousands of key and lock products without breaking a sweat. Checkout is quick and our customers noticed.',
  },
  {
    clientName: 'Dr. Kavya Iyer',
    clientDesc: 'Co-founder, DentPath Admissions Counselling',
    content:
      'Our admissions portal replaced a maze of spreadsheets. Students apply online, counsellors see everything in one place, and we grew without hiring more admin staff.',
  },
];
