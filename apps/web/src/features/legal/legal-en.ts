import type { LegalTexts } from './legal-types.ts';

export const legalEn: LegalTexts = {
  updatedLabel: 'Last updated',
  contents: 'Contents',
  privacy: {
    title: 'Privacy Policy',
    summary:
      'How Encore collects, uses, shares and protects your personal data when you buy tickets, watch live shows and chat.',
    intro:
      'Encore streams paid live concerts. This policy explains which personal data we process when you use Encore, why, with whom we share it and the choices and rights you have. It applies to the Encore website and the streams, chat and purchases offered on it.',
    sections: [
      {
        heading: '1. Who is responsible',
        paragraphs: [
          'Encore is the controller of the personal data described here. You can reach us about anything in this policy, including to exercise your rights, at {{email}}.',
        ],
      },
      {
        heading: '2. Data we collect',
        paragraphs: [
          'Account data: your email address or phone number, username, password (stored only as a salted hash), profile picture, language and the partner platform account you sign in with, if any.',
          'Ticket and purchase data: the shows you hold tickets for, booking codes you validate, the items you buy, amounts, currency, billing name and address, and the type and last four digits of your card. Your full card number and security code are entered directly with our payment provider and never reach or are stored by Encore.',
          'Viewing and device data: the devices and browsers signed in to your account, the camera angle and quality you watch, playback errors, your IP address and approximate location derived from it, and timestamps. We use these to enforce the device limit of your ticket, to deliver the stream and to prevent ticket sharing and fraud.',
          'Chat and participation: the messages and stickers you send, cheers and light-stick counts, and messages held by our word filter or by moderators.',
          'Support: what you tell us when you contact us.',
        ],
      },
      {
        heading: '3. Why we use it and our legal bases',
        paragraphs: [
          'To provide the service you asked for (performance of our contract with you): creating your account, selling and checking tickets, streaming shows, running chat and sending you mail you need, such as verification codes and receipts.',
          'To keep Encore safe and fair (our legitimate interests and legal obligations): preventing fraud and ticket sharing, moderating chat, securing accounts, keeping tax and accounting records.',
          'To improve Encore (legitimate interests): measuring stream quality and which features are used, in aggregate.',
          'With your consent, where the law requires it: for example optional cookies or marketing messages. You can withdraw consent at any time.',
        ],
      },
      {
        heading: '4. Cookies and local storage',
        paragraphs: [
          'Encore stores a sign-in token, your language, your cookie choice and player settings in your browser. These are needed for the site to work. We do not use advertising cookies. Your browser settings let you delete stored data; you will then be signed out.',
        ],
      },
      {
        heading: '5. Who we share data with',
        paragraphs: [
          'Payment providers process your card payments and may check them for fraud. Ticketing partners and the partner platform you sign in with receive what is needed to confirm your ticket or account. Hosting, content delivery, email and SMS providers process data on our behalf under contracts that limit their use of it. The artists and organisers of a show receive aggregate figures, not your personal data. We disclose data to authorities only where the law requires it. We do not sell your personal data.',
        ],
      },
      {
        heading: '6. International transfers',
        paragraphs: [
          'Fans watch Encore from many countries, and our providers may process data outside your country, including in Korea, Japan, the United States and the European Union. Where required we rely on adequacy decisions, standard contractual clauses or your consent.',
        ],
      },
      {
        heading: '7. How long we keep data',
        paragraphs: [
          'Account data is kept while your account exists and deleted within 30 days after you close it. Purchase records are kept as long as tax and accounting laws require (usually 5 to 10 years). Chat messages are kept for up to 12 months after the show for moderation and then deleted. Server logs are kept for up to 90 days.',
        ],
      },
      {
        heading: '8. Your rights',
        paragraphs: [
          'Depending on where you live (for example under the GDPR, the Korean Personal Information Protection Act, the Japanese Act on the Protection of Personal Information, the Chinese Personal Information Protection Law or Californian law), you may ask to access, correct, delete or receive a copy of your data, to restrict or object to its use, and to withdraw consent. Write to {{email}}; we answer within 30 days. You may also complain to your data protection authority.',
        ],
      },
      {
        heading: '9. Children',
        paragraphs: [
          'Encore is not meant for children under 14 (or the higher age your country sets). If you believe a child has given us personal data, contact us and we will delete it.',
        ],
      },
      {
        heading: '10. Security',
        paragraphs: [
          'We encrypt connections, store passwords as salted hashes, limit access to personal data to the staff who need it and keep card data with our payment provider. No service is perfectly secure; if a breach affects you, we will tell you and the authorities as the law requires.',
        ],
      },
      {
        heading: '11. Changes',
        paragraphs: [
          'We will post any change to this policy here with a new date, and tell you by email or on the site before an important change takes effect.',
        ],
      },
    ],
  },
  terms: {
    title: 'Terms of Service',
    summary:
      'The rules for using Encore: accounts, tickets and payments, refunds, watching live streams, chat conduct and our responsibilities.',
    intro:
      'These terms are an agreement between you and Encore for the use of the Encore website, its live streams, chat and shop. By creating an account or buying a ticket you accept them. Please read them together with our Privacy Policy.',
    sections: [
      {
        heading: '1. Your account',
        paragraphs: [
          'You must give true information, keep your password secret and be old enough to agree to these terms where you live. You are responsible for what happens in your account. One person, one account.',
        ],
      },
      {
        heading: '2. Tickets and access',
        paragraphs: [
          "A ticket gives you a personal, non-transferable right to watch the show it names, on the number of devices the ticket allows, from doors open until the end of the stream or the replay period shown for the show. Sharing, reselling or broadcasting your access is not allowed and may end your ticket without refund. Codes from other ticket sellers are subject to that seller's terms too.",
        ],
      },
      {
        heading: '3. Prices and payment',
        paragraphs: [
          'Prices are shown before you pay, with any tax. Payments are processed by our payment provider; your order is confirmed when the payment succeeds. Digital items such as stickers are delivered to your account at once.',
        ],
      },
      {
        heading: '4. Cancellations and refunds',
        paragraphs: [
          'Because a stream and digital items are supplied at once, you agree that the right of withdrawal ends when access starts, where the law allows this. If a show is cancelled, or cannot be delivered for reasons on our side, we refund the ticket price. If the show is moved to another date, your ticket is valid for the new date or you may ask for a refund within 14 days of the announcement. Nothing here limits the rights consumer law gives you.',
        ],
      },
      {
        heading: '5. Watching',
        paragraphs: [
          'You need a stable internet connection and a supported browser. Stream quality depends on your connection. The set list, camera angles and running time are decided by the artist and organiser and may change. Recording, capturing or redistributing streams is prohibited.',
        ],
      },
      {
        heading: '6. Chat and conduct',
        paragraphs: [
          'Be kind to other fans and to the artists. Do not post insults, harassment, hate speech, sexual content, threats, spam, personal data of others or anything illegal, and do not pretend to be staff. Our word filter and moderators may hold or remove messages and suspend accounts that break these rules.',
        ],
      },
      {
        heading: '7. Intellectual property',
        paragraphs: [
          'The shows, recordings, images, stickers and the Encore service are protected by copyright and other rights of Encore, the artists and their licensors. You get only the right to watch and use them privately as these terms describe. You keep the rights to your messages and allow us to show them in the chat of the show.',
        ],
      },
      {
        heading: '8. Suspension and closing',
        paragraphs: [
          'You can close your account at any time. We may suspend or close an account that breaks these terms, after warning you where that is reasonable. Tickets cancelled for misuse are not refunded.',
        ],
      },
      {
        heading: '9. Our responsibility',
        paragraphs: [
          'We provide Encore with reasonable care and skill. We are not liable for losses that were not foreseeable or that are caused by your equipment or connection. Where the law allows, our total liability for a purchase is limited to what you paid for it. Nothing in these terms limits liability that cannot be limited by law.',
        ],
      },
      {
        heading: '10. Changes and law',
        paragraphs: [
          'We may change these terms for good reason and will tell you in advance of important changes. The law of your country of residence applies where consumer law requires it. Questions and complaints: {{email}}.',
        ],
      },
    ],
  },
};
