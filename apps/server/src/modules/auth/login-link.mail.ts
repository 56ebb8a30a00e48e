import type { LoginLinkBody } from '@encore/contract';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { escapeHtml, layout } from './auth.mail.ts';

export type MailLanguage = NonNullable<LoginLinkBody['lang']>;

type Words = {
  subject: string;
  title: string;
  /** `{name}` is the username, `{minutes}` the link's lifetime. */
  lead: string;
  cta: string;
  footnote: string;
};

/** The step-up mail in the four languages of the web app (docs/decisions.md, issue 29). */
const WORDS: Record<MailLanguage, Words> = {
  en: {
    subject: 'Encore: your sign-in link',
    title: 'Sign in to Encore',
    lead: 'Hi {name}, many wrong passwords were tried on your account, so new browsers are paused for a while. This link signs you in once, in the browser you open it in, and is valid for {minutes} minutes.',
    cta: 'Sign in',
    footnote:
      'If you did not ask for this link, ignore this email: nobody can use it without your mailbox. Consider changing your password.',
  },
  ja: {
    subject: 'Encore: ログイン用リンク',
    title: 'Encore にログイン',
    lead: '{name} さん、あなたのアカウントで誤ったパスワードが何度も試されたため、新しいブラウザからのログインを一時的に止めています。このリンクを開いたブラウザで 1 回だけログインできます。有効期限は {minutes} 分です。',
    cta: 'ログイン',
    footnote:
      'このリンクに心当たりがない場合は、このメールを無視してください。メールボックスがなければ誰も使えません。パスワードの変更もご検討ください。',
  },
  ko: {
    subject: 'Encore: 로그인 링크',
    title: 'Encore에 로그인',
    lead: '{name}님, 계정에 잘못된 비밀번호가 여러 번 입력되어 새 브라우저의 로그인을 잠시 막았습니다. 이 링크를 연 브라우저에서 한 번 로그인할 수 있으며, {minutes}분 동안 유효합니다.',
    cta: '로그인',
    footnote:
      '이 링크를 요청하지 않았다면 이 메일을 무시하세요. 메일함 없이는 아무도 사용할 수 없습니다. 비밀번호 변경도 고려해 주세요.',
  },
  'zh-cn': {
    subject: 'Encore：您的登录链接',
    title: '登录 Encore',
    lead: '{name}，您的账户被多次尝试错误密码，新浏览器的登录已暂时停止。此链接可在打开它的浏览器中登录一次，{minutes} 分钟内有效。',
    cta: '登录',
    footnote: '如果您没有请求此链接，请忽略此邮件：没有您的邮箱，任何人都无法使用它。建议您修改密码。',
  },
};

export function loginLinkMail(
  to: string,
  username: string,
  url: string,
  minutes: number,
  lang: MailLanguage,
): MailMessage {
  const w = WORDS[lang];
  // Function replacers: a `$&` in a username is text, not a pattern.
  const lead = (name: string) =>
    w.lead.replace('{name}', () => name).replace('{minutes}', () => String(minutes));
  return {
    to,
    kind: 'login-link',
    subject: w.subject,
    text: `${lead(username)}\n\n${url}\n\n${w.footnote}\n`,
    html: layout(w.title, lead(escapeHtml(username)), { label: w.cta, url }, w.footnote),
  };
}
