import type { Messages } from './en.ts';

export const ja: Messages = {
  'login-error-401': 'パスワードが正しくありません。',
  'login-error-417':
    '初めてログインする前に、新しいアカウントのメールアドレスを確認する必要があります。メールをご確認ください。',
  'login-error-406': 'このアカウントにはパスワードが設定されていません。',
  'login-error-400':
    'このアカウントは存在しません。新しいアカウントを作成してから、チケットを認証してください。',
  'login-error-404':
    'このアカウントは存在しません。正しいメールアドレスとパスワードを入力するか、新しいアカウントを作成してください。',
  'login-error-other': '入力された情報にエラーがありました。ログイン情報をご確認ください。',
  'login-error-429': '試行回数が多すぎます。数分待ってから、もう一度お試しください。',
  'register-error-exists': 'このメールアドレスのアカウントはすでに存在します。ログインして続けてください。',
  'register-error-400': '入力された情報が無効です。',
  'register-error-417': 'パスワードが最低限のセキュリティ要件を満たしていません。',
  'register-error-406': 'ユーザー名に不適切な表現が含まれています。別のユーザー名を選んでください。',
  'register-error-409': 'このユーザー名はすでに使われています。別のユーザー名を選んでください。',
  'register-error-304':
    'このアカウントはメールアドレスの確認が完了していません。メールを確認して、アカウントを認証してください。',
  'register-error-other':
    'アカウントの作成中に問題が発生しました。カスタマーサポート（{{email}}）までお問い合わせください。',
  'register-error-too-young': 'アカウントを作成するには13歳以上である必要があります。',
  'username-update-409': 'このユーザー名はすでに使われています。',
  'email-invalid': 'メールアドレスが無効です',
  'password-format': 'パスワードの形式が正しくありません',
  'email-confirm-mismatch': 'メールアドレスと確認用メールアドレスが一致していることを確認してください。',
  'username-invalid': 'ユーザー名が無効です。3文字以上で入力してください。',
  'password-confirm-mismatch': 'パスワードと確認用パスワードが一致しません',
  'dob-invalid': '有効な生年月日を入力してください',
  'forgot-password-error': '入力された情報にエラーがあります',

  'app-name': 'Encore',
  'document-title': 'Encore · ライブを最前列で',
  loading: '読み込み中…',
  'error-connection': 'Encoreに接続できませんでした。通信環境を確認して、もう一度お試しください。',
  'error-generic': '問題が発生しました。もう一度お試しください。',
  'notice-cannot-login': 'ログインできませんでした。もう一度お試しください。',
  'notice-unexpected-error': '予期しないエラーが発生しました。もう一度ログインしてください。',

  'language-en': 'English',
  'language-ja': '日本語',
  'language-ko': '한국어',
  'language-zh-cn': '简体中文',

  'nav-main': 'メインナビゲーション',
  'nav-home': 'Encore ホーム',
  'nav-language': '言語',
  'nav-sign-in': 'ログイン',
  'nav-sign-up': '新規登録',
  'nav-account-menu': '{{username}} のアカウントメニュー',
  'nav-change-username': 'ユーザー名を変更',
  'nav-purchase-history': '購入履歴',
  'nav-payment-info': 'お支払い情報',
  'nav-sign-out': 'ログアウト',

  'modal-close': '閉じる',
  'modal-cancel': 'キャンセル',
  'password-show': 'パスワードを表示',
  'password-hide': 'パスワードを隠す',

  'field-email': 'メールアドレス',
  'field-email-placeholder': 'you@example.com',
  'field-email-confirm': 'メールアドレス（確認）',
  'field-password': 'パスワード',
  'field-password-confirm': 'パスワード（確認）',
  'field-username': 'ユーザー名',
  'field-username-hint': 'チャットで表示される名前です。3〜20文字、スペースと記号は使えません。',
  'field-new-password': '新しいパスワード',
  'field-new-password-confirm': '新しいパスワード（確認）',

  'login-title': 'おかえりなさい',
  'login-subtitle': 'ログインしてチケットを確認し、会場へ入りましょう。',
  'login-submit': 'ログイン',
  'login-forgot-password': 'パスワードをお忘れですか？',
  'login-no-account': 'Encoreは初めてですか？',
  'login-create-account': 'アカウントを作成',
  'login-success': '{{username}} としてログインしました。',

  'register-title': 'アカウントを作成',
  'register-subtitle': 'ひとつのアカウントで、すべての公演のチケット・チャット・応援を。',
  'register-terms': '<terms>利用規約</terms>と<privacy>プライバシーポリシー</privacy>に同意します。',
  'register-marketing': '今後の公演やキャンペーンのお知らせをメールで受け取る',
  'register-submit': 'アカウントを作成',
  'register-have-account': 'すでにアカウントをお持ちですか？',
  'register-sign-in': 'ログイン',
  'register-too-young-title': 'アカウントを作成できません',
  'register-too-young-close': '閉じる',
  'nickname-exists': 'このユーザー名はすでに使われています。別のユーザー名を選んでください。',
  'chat-name-invalid':
    'このユーザー名は使用できません。スペースや記号を含まない3〜20文字で入力してください。',

  'password-rules-title': 'パスワードの条件',
  'password-rule-length': '8文字以上',
  'password-rule-lowercase': '小文字を含む',
  'password-rule-uppercase': '大文字を含む',
  'password-rule-digit': '数字を含む',

  'dob-legend': '生年月日',
  'dob-year': '年',
  'dob-month': '月',
  'dob-day': '日',

  'verify-title': 'メールを確認してください',
  'verify-message':
    '{{email}} に確認メールを送信しました。メール内のリンクを開いてアカウントを有効にしてから、ログインしてください。',
  'verify-done': 'ログインへ',

  'update-user-title': 'ユーザー名を変更',
  'update-user-subtitle': 'チャットでほかのファンに表示される名前です。',
  'update-user-current': '現在のユーザー名：{{username}}',
  'update-user-submit': 'ユーザー名を保存',
  'username-updated': 'ユーザー名を更新しました。',

  'forgot-title': 'パスワードの再設定',
  'forgot-subtitle':
    'アカウントのメールアドレスを入力してください。新しいパスワードを設定するためのリンクをお送りします。',
  'forgot-submit': '送信',
  'forgot-back-to-login': 'ログインに戻る',
  'forgot-create-account': 'アカウントを作成',
  'forgot-password-success': 'パスワード再設定用のリンクをメールでお送りしました。メールをご確認ください。',

  'reset-title': '新しいパスワードを設定',
  'reset-subtitle': 'ほかのサービスで使っていない、強力なパスワードを選んでください。',
  'reset-submit': '新しいパスワードを設定',
  'reset-success': 'パスワードを変更しました。新しいパスワードでログインしてください。',
  'reset-error-invalid-link':
    'このパスワード再設定リンクは無効か、有効期限が切れています。もう一度リンクをリクエストしてください。',
  'reset-request-new-link': '新しいリンクをリクエスト',

  'logout-success': 'ログアウトしました。',
  'email-verified-success': 'メールアドレスが確認されました。ログインして続けてください。',
  'email-verified-failed': 'この確認リンクは無効か、有効期限が切れています。',

  'footer-copyright': '© {{year}} Encore. All rights reserved.',
  'footer-privacy': 'プライバシーポリシー',
  'footer-terms': '利用規約',
  'footer-support': 'サポート：{{email}}',

  'cookie-message':
    'Encoreでは、ログイン状態や設定を保持するためにCookieとローカルストレージを使用しています。',
  'cookie-accept': '同意する',
  'cookie-privacy': '詳しく見る',

  'hero-eyebrow': 'ライブコンサート · 生配信',
  'hero-title': 'どこにいても、最前列で。',
  'hero-subtitle': '最大4Kのマルチカメラでライブを。世界中のファンと一緒にチャットして、声援を送ろう。',
  'hero-cta-sign-up': 'アカウントを作成',
  'hero-cta-sign-in': 'アカウントをお持ちの方',
  'hero-welcome': 'おかえりなさい、{{username}}さん。',
  'hero-welcome-sub': '席は確保されています。開場したら、ここから公演に入場できます。',
  'hero-feature-multiview': 'カメラアングルをライブで切り替え',
  'hero-feature-4k': '最大4K画質',
  'hero-feature-chat': 'みんなでチャット＆応援',

  'announcement-title': '公演に招待されましたか？',
  'announcement-body':
    '招待されたユーザーにはメールでご連絡します。同じメールアドレスでログインしてください。',

  'access-title': 'ライブ配信の視聴方法',
  'access-intro': 'チケットから最前列まで、3ステップ。',
  'access-step-1-title': 'チケットを手に入れる',
  'access-step-1-body':
    '公式チケットサイト、Encore、またはアーティストのファンプラットフォームで購入できます。',
  'access-step-2-title': 'チケットを確認する',
  'access-step-2-body':
    'チケットが紐づいたアカウントでログインするか、予約番号と購入時のメールアドレスを入力してください。',
  'access-step-3-title': '公演に入場する',
  'access-step-3-body': '開場は開演の{{minutes}}分前です。早めに入って、チャットで挨拶しましょう。',
  'access-tier-hd-title': 'HDマルチビューチケット',
  'access-tier-hd-body': 'すべてのカメラアングルをHDで。いつでも自由に切り替えられます。',
  'access-tier-4k-title': '4Kチケット',
  'access-tier-4k-body': 'HDマルチビューのすべてに加えて、4Kビューも楽しめます。',
  'access-devices': '1枚のチケットで同時に視聴できるのは{{count}}台までです。チケットの共有はできません。',

  'requirements-title': '動作環境',
  'requirements-os': 'OS',
  'requirements-os-value': 'Mac OS 10.12以降、Windows 7以降、iOS 13.6以降、Android 8以降',
  'requirements-browser': 'ブラウザ',
  'requirements-browser-value': 'Chrome 70以降、Safari 13.1.2、Firefox 39以降、Edge 42以降',
  'requirements-bandwidth': '通信速度',
  'requirements-bandwidth-value': '{{hd}} Mbps以上（4Kは{{uhd}} Mbps以上）',
  'requirements-quality': '画質',
  'requirements-quality-value': '360p〜1080p、または自動',

  'event-notice-title': '現在、ステージは準備中です',
  'event-not-started': 'コンサートはまだ始まっていないか、すでに終了しました。',
  'event-back-home': 'ホームに戻る',
};
