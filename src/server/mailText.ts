/**
 * The words of the mail the server sends, in the 15 interface languages, as plain text and as
 * simple HTML. Names and team names come from users: in the HTML they are escaped like every
 * other character of the text, so they never become markup; in the subject, line breaks and
 * other control characters are dropped.
 */
import type { TeamRole } from '../api/contract';
import type { MailMessage } from './mail';

interface Words {
  resetSubject: string;
  /** `{name}` */
  hello: string;
  resetBody: string;
  resetIgnore: string;
  /** `{inviter}`, `{team}` */
  inviteSubject: string;
  /** `{inviter}`, `{team}`, `{role}` */
  inviteBody: string;
  /** `{date}` */
  inviteUntil: string;
  inviteIgnore: string;
  roles: Record<TeamRole, string>;
}

const WORDS = {
  'en-US': {
    resetSubject: 'Reset your Quire password',
    hello: 'Hello {name},',
    resetBody:
      'Someone, hopefully you, asked to reset the password of your Quire account. Open this link to set a new password; it works once, for one hour:',
    resetIgnore: 'If you did not ask for this, ignore this mail: your password stays as it is.',
    inviteSubject: '{inviter} invited you to “{team}” on Quire',
    inviteBody: '{inviter} invited you to join the team “{team}” on Quire as {role}. Open this link to join:',
    inviteUntil: 'The link works until {date}.',
    inviteIgnore: 'If you do not expect this invitation, ignore this mail.',
    roles: { owner: 'owner', admin: 'admin', member: 'member' },
  },
  'zh-CN': {
    resetSubject: '重置你的 Quire 密码',
    hello: '{name}，你好：',
    resetBody: '有人（希望是你）请求重置你的 Quire 账户密码。打开此链接设置新密码；链接只能使用一次，一小时内有效：',
    resetIgnore: '如果这不是你的请求，请忽略此邮件，你的密码不会改变。',
    inviteSubject: '{inviter} 邀请你加入 Quire 上的“{team}”',
    inviteBody: '{inviter} 邀请你以{role}身份加入 Quire 上的团队“{team}”。打开此链接即可加入：',
    inviteUntil: '链接有效期至 {date}。',
    inviteIgnore: '如果你没有预期收到此邀请，请忽略此邮件。',
    roles: { owner: '所有者', admin: '管理员', member: '成员' },
  },
  'zh-TW': {
    resetSubject: '重設你的 Quire 密碼',
    hello: '{name}，你好：',
    resetBody: '有人（希望是你）要求重設你的 Quire 帳號密碼。開啟此連結設定新密碼；連結只能使用一次，一小時內有效：',
    resetIgnore: '如果這不是你的要求，請忽略此郵件，你的密碼不會改變。',
    inviteSubject: '{inviter} 邀請你加入 Quire 上的「{team}」',
    inviteBody: '{inviter} 邀請你以{role}身分加入 Quire 上的團隊「{team}」。開啟此連結即可加入：',
    inviteUntil: '連結有效期限至 {date}。',
    inviteIgnore: '如果你沒有預期收到此邀請，請忽略此郵件。',
    roles: { owner: '擁有者', admin: '管理員', member: '成員' },
  },
  'zh-HK': {
    resetSubject: '重設你的 Quire 密碼',
    hello: '{name}，你好：',
    resetBody: '有人（希望是你）要求重設你的 Quire 帳戶密碼。開啟此連結設定新密碼；連結只能使用一次，一小時內有效：',
    resetIgnore: '如果這不是你的要求，請忽略此郵件，你的密碼不會改變。',
    inviteSubject: '{inviter} 邀請你加入 Quire 上的「{team}」',
    inviteBody: '{inviter} 邀請你以{role}身分加入 Quire 上的團隊「{team}」。開啟此連結即可加入：',
    inviteUntil: '連結有效期至 {date}。',
    inviteIgnore: '如果你沒有預期收到此邀請，請忽略此郵件。',
    roles: { owner: '擁有人', admin: '管理員', member: '成員' },
  },
  'ja-JP': {
    resetSubject: 'Quire のパスワードの再設定',
    hello: '{name} さん',
    resetBody:
      'Quire アカウントのパスワード再設定が依頼されました。このリンクを開いて新しいパスワードを設定してください。リンクは 1 回だけ、1 時間有効です：',
    resetIgnore: '心当たりがない場合は、このメールを無視してください。パスワードは変わりません。',
    inviteSubject: '{inviter} さんが Quire の「{team}」に招待しています',
    inviteBody:
      '{inviter} さんが、Quire のチーム「{team}」に{role}として参加するよう招待しています。参加するにはこのリンクを開いてください：',
    inviteUntil: 'リンクの有効期限：{date}',
    inviteIgnore: '心当たりのない招待の場合は、このメールを無視してください。',
    roles: { owner: 'オーナー', admin: '管理者', member: 'メンバー' },
  },
  'vi-VN': {
    resetSubject: 'Đặt lại mật khẩu Quire của bạn',
    hello: 'Chào {name},',
    resetBody:
      'Có người, hy vọng là bạn, đã yêu cầu đặt lại mật khẩu tài khoản Quire của bạn. Mở liên kết này để đặt mật khẩu mới; liên kết chỉ dùng được một lần, trong một giờ:',
    resetIgnore: 'Nếu bạn không yêu cầu việc này, hãy bỏ qua thư này: mật khẩu của bạn vẫn giữ nguyên.',
    inviteSubject: '{inviter} mời bạn tham gia “{team}” trên Quire',
    inviteBody: '{inviter} mời bạn tham gia nhóm “{team}” trên Quire với vai trò {role}. Mở liên kết này để tham gia:',
    inviteUntil: 'Liên kết có hiệu lực đến {date}.',
    inviteIgnore: 'Nếu bạn không mong đợi lời mời này, hãy bỏ qua thư này.',
    roles: { owner: 'chủ sở hữu', admin: 'quản trị viên', member: 'thành viên' },
  },
  'id-ID': {
    resetSubject: 'Atur ulang kata sandi Quire Anda',
    hello: 'Halo {name},',
    resetBody:
      'Seseorang, semoga Anda, meminta pengaturan ulang kata sandi akun Quire Anda. Buka tautan ini untuk membuat kata sandi baru; tautan hanya berlaku sekali, selama satu jam:',
    resetIgnore: 'Jika Anda tidak memintanya, abaikan email ini: kata sandi Anda tetap sama.',
    inviteSubject: '{inviter} mengundang Anda ke “{team}” di Quire',
    inviteBody:
      '{inviter} mengundang Anda bergabung dengan tim “{team}” di Quire sebagai {role}. Buka tautan ini untuk bergabung:',
    inviteUntil: 'Tautan berlaku hingga {date}.',
    inviteIgnore: 'Jika Anda tidak mengharapkan undangan ini, abaikan email ini.',
    roles: { owner: 'pemilik', admin: 'admin', member: 'anggota' },
  },
  'de-DE': {
    resetSubject: 'Ihr Quire-Passwort zurücksetzen',
    hello: 'Hallo {name},',
    resetBody:
      'Jemand, hoffentlich Sie, hat angefordert, das Passwort Ihres Quire-Kontos zurückzusetzen. Öffnen Sie diesen Link, um ein neues Passwort festzulegen; er funktioniert einmal, eine Stunde lang:',
    resetIgnore: 'Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
    inviteSubject: '{inviter} hat Sie zu „{team}“ auf Quire eingeladen',
    inviteBody:
      '{inviter} hat Sie eingeladen, dem Team „{team}“ auf Quire als {role} beizutreten. Öffnen Sie diesen Link, um beizutreten:',
    inviteUntil: 'Der Link funktioniert bis {date}.',
    inviteIgnore: 'Falls Sie diese Einladung nicht erwarten, ignorieren Sie diese E-Mail.',
    roles: { owner: 'Eigentümer', admin: 'Admin', member: 'Mitglied' },
  },
  'es-ES': {
    resetSubject: 'Restablece tu contraseña de Quire',
    hello: 'Hola, {name}:',
    resetBody:
      'Alguien, esperamos que tú, pidió restablecer la contraseña de tu cuenta de Quire. Abre este enlace para elegir una contraseña nueva; funciona una vez, durante una hora:',
    resetIgnore: 'Si no lo pediste, ignora este correo: tu contraseña no cambia.',
    inviteSubject: '{inviter} te invitó a «{team}» en Quire',
    inviteBody: '{inviter} te invitó a unirte al equipo «{team}» en Quire como {role}. Abre este enlace para unirte:',
    inviteUntil: 'El enlace funciona hasta el {date}.',
    inviteIgnore: 'Si no esperabas esta invitación, ignora este correo.',
    roles: { owner: 'propietario', admin: 'administrador', member: 'miembro' },
  },
  'fr-FR': {
    resetSubject: 'Réinitialisez votre mot de passe Quire',
    hello: 'Bonjour {name},',
    resetBody:
      'Quelqu’un, vous espérons-le, a demandé à réinitialiser le mot de passe de votre compte Quire. Ouvrez ce lien pour choisir un nouveau mot de passe ; il fonctionne une fois, pendant une heure :',
    resetIgnore: 'Si vous n’avez rien demandé, ignorez ce courriel : votre mot de passe ne change pas.',
    inviteSubject: '{inviter} vous invite dans « {team} » sur Quire',
    inviteBody:
      '{inviter} vous invite à rejoindre l’équipe « {team} » sur Quire en tant que {role}. Ouvrez ce lien pour la rejoindre :',
    inviteUntil: 'Le lien fonctionne jusqu’au {date}.',
    inviteIgnore: 'Si vous n’attendiez pas cette invitation, ignorez ce courriel.',
    roles: { owner: 'propriétaire', admin: 'administrateur', member: 'membre' },
  },
  'it-IT': {
    resetSubject: 'Reimposta la password di Quire',
    hello: 'Ciao {name},',
    resetBody:
      'Qualcuno, speriamo tu, ha chiesto di reimpostare la password del tuo account Quire. Apri questo link per scegliere una nuova password; funziona una volta, per un’ora:',
    resetIgnore: 'Se non l’hai chiesto tu, ignora questa email: la tua password resta invariata.',
    inviteSubject: '{inviter} ti ha invitato in «{team}» su Quire',
    inviteBody: '{inviter} ti ha invitato a unirti al team «{team}» su Quire come {role}. Apri questo link per unirti:',
    inviteUntil: 'Il link funziona fino al {date}.',
    inviteIgnore: 'Se non ti aspettavi questo invito, ignora questa email.',
    roles: { owner: 'proprietario', admin: 'amministratore', member: 'membro' },
  },
  'ko-KR': {
    resetSubject: 'Quire 비밀번호 재설정',
    hello: '{name}님, 안녕하세요.',
    resetBody:
      'Quire 계정의 비밀번호 재설정이 요청되었습니다. 이 링크를 열어 새 비밀번호를 설정하세요. 링크는 한 번, 한 시간 동안만 사용할 수 있습니다:',
    resetIgnore: '요청하지 않으셨다면 이 메일을 무시하세요. 비밀번호는 그대로 유지됩니다.',
    inviteSubject: '{inviter}님이 Quire의 “{team}”에 초대했습니다',
    inviteBody:
      '{inviter}님이 Quire의 팀 “{team}”에 {role}(으)로 참여하도록 초대했습니다. 참여하려면 이 링크를 여세요:',
    inviteUntil: '링크는 {date}까지 유효합니다.',
    inviteIgnore: '예상하지 못한 초대라면 이 메일을 무시하세요.',
    roles: { owner: '소유자', admin: '관리자', member: '멤버' },
  },
  'pt-BR': {
    resetSubject: 'Redefina sua senha do Quire',
    hello: 'Olá, {name},',
    resetBody:
      'Alguém, esperamos que você, pediu para redefinir a senha da sua conta do Quire. Abra este link para criar uma nova senha; ele funciona uma vez, por uma hora:',
    resetIgnore: 'Se você não pediu isso, ignore este e-mail: sua senha continua a mesma.',
    inviteSubject: '{inviter} convidou você para “{team}” no Quire',
    inviteBody:
      '{inviter} convidou você para entrar na equipe “{team}” no Quire como {role}. Abra este link para entrar:',
    inviteUntil: 'O link funciona até {date}.',
    inviteIgnore: 'Se você não esperava este convite, ignore este e-mail.',
    roles: { owner: 'proprietário', admin: 'administrador', member: 'membro' },
  },
  'ru-RU': {
    resetSubject: 'Сброс пароля Quire',
    hello: 'Здравствуйте, {name}!',
    resetBody:
      'Кто-то, надеемся, вы, попросил сбросить пароль вашей учётной записи Quire. Откройте эту ссылку, чтобы задать новый пароль; она работает один раз в течение часа:',
    resetIgnore: 'Если вы этого не просили, не обращайте внимания на это письмо: пароль останется прежним.',
    inviteSubject: '{inviter} приглашает вас в «{team}» в Quire',
    inviteBody:
      '{inviter} приглашает вас в команду «{team}» в Quire с ролью «{role}». Откройте эту ссылку, чтобы присоединиться:',
    inviteUntil: 'Ссылка действует до {date}.',
    inviteIgnore: 'Если вы не ждали этого приглашения, не обращайте внимания на это письмо.',
    roles: { owner: 'владелец', admin: 'администратор', member: 'участник' },
  },
  'th-TH': {
    resetSubject: 'รีเซ็ตรหัสผ่าน Quire ของคุณ',
    hello: 'สวัสดี {name}',
    resetBody: 'มีผู้ขอรีเซ็ตรหัสผ่านบัญชี Quire ของคุณ เปิดลิงก์นี้เพื่อตั้งรหัสผ่านใหม่ ลิงก์ใช้ได้ครั้งเดียวภายในหนึ่งชั่วโมง:',
    resetIgnore: 'หากคุณไม่ได้ขอ ให้เพิกเฉยต่ออีเมลนี้ รหัสผ่านของคุณจะไม่เปลี่ยน',
    inviteSubject: '{inviter} เชิญคุณเข้าร่วม “{team}” บน Quire',
    inviteBody: '{inviter} เชิญคุณเข้าร่วมทีม “{team}” บน Quire ในฐานะ{role} เปิดลิงก์นี้เพื่อเข้าร่วม:',
    inviteUntil: 'ลิงก์ใช้ได้ถึง {date}',
    inviteIgnore: 'หากคุณไม่ได้คาดว่าจะได้รับคำเชิญนี้ ให้เพิกเฉยต่ออีเมลนี้',
    roles: { owner: 'เจ้าของ', admin: 'ผู้ดูแล', member: 'สมาชิก' },
  },
} as const satisfies Record<string, Words>;

export type MailLanguage = keyof typeof WORDS;
export const MAIL_LANGUAGES = Object.keys(WORDS) as MailLanguage[];

/**
 * The language of a `lang` header (`de-DE`, `de`, `zh_tw`, `pt-PT`): an exact match, else the
 * first language of the same primary tag, else English.
 */
export function mailLanguage(tag: string | undefined): MailLanguage {
  const wanted = (tag ?? '').trim().replace(/_/g, '-').toLowerCase();
  const exact = MAIL_LANGUAGES.find((lng) => lng.toLowerCase() === wanted);
  if (exact) return exact;
  if (/^zh-(hant|tw)/.test(wanted)) return 'zh-TW';
  if (/^zh-(hk|mo)/.test(wanted)) return 'zh-HK';
  const primary = wanted.split('-')[0];
  return MAIL_LANGUAGES.find((lng) => lng.split('-')[0]?.toLowerCase() === primary) ?? 'en-US';
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();

function fill(template: string, values: Record<string, string>, encode: (text: string) => string): string {
  return template
    .split(/(\{[a-z]+\})/)
    .map((part) => {
      const key = /^\{([a-z]+)\}$/.exec(part)?.[1];
      return key !== undefined && key in values ? encode(values[key] ?? '') : encode(part);
    })
    .join('');
}

type Block = { text: string; values?: Record<string, string> } | { link: string };

function compose(to: string, subject: string, blocks: Block[]): MailMessage {
  const same = (text: string) => text;
  const text = blocks.map((b) => ('link' in b ? b.link : fill(b.text, b.values ?? {}, same))).join('\n\n');
  const body = blocks
    .map((b) =>
      'link' in b
        ? `<p><a href="${escapeHtml(b.link)}">${escapeHtml(b.link)}</a></p>`
        : `<p>${fill(b.text, b.values ?? {}, escapeHtml)}</p>`,
    )
    .join('\n');
  const html = `<!doctype html>\n<html><body style="font-family: sans-serif; line-height: 1.5">\n${body}\n</body></html>\n`;
  return { to, subject: oneLine(subject), text: `${text}\n`, html };
}

export function resetMail(lang: string | undefined, to: { email: string; name: string }, link: string): MailMessage {
  const w: Words = WORDS[mailLanguage(lang)];
  return compose(to.email, w.resetSubject, [
    { text: w.hello, values: { name: oneLine(to.name) } },
    { text: w.resetBody },
    { link },
    { text: w.resetIgnore },
  ]);
}

export function invitationMail(
  lang: string | undefined,
  to: string,
  invitation: { inviter: string; team: string; role: TeamRole; expiresAt: number },
  link: string,
): MailMessage {
  const language = mailLanguage(lang);
  const w: Words = WORDS[language];
  const date = `${new Date(invitation.expiresAt).toLocaleString(language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  })} UTC`;
  const values = {
    inviter: oneLine(invitation.inviter),
    team: oneLine(invitation.team),
    role: w.roles[invitation.role],
  };
  return compose(
    to,
    fill(w.inviteSubject, values, (t) => t),
    [{ text: w.inviteBody, values }, { link }, { text: w.inviteUntil, values: { date } }, { text: w.inviteIgnore }],
  );
}
