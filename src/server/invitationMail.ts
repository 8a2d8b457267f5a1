/**
 * Invitation links mailed to an address (#15): an owner or admin names the address, the server
 * makes the link and mails it in the inviter's language. Limited per address (like reset
 * requests) and per team, so the form cannot be used to flood a mailbox; a link whose mail did
 * not go is removed again.
 */
import { BODY_CODE, type InvitationCreatedDto } from '../api/contract';
import type { ServerContext } from './context';
import { ApiError } from './envelope';
import { mailNotConfigured, mailSendFailed } from './mail';
import { invitationMail } from './mailText';
import { createInvitation, previewInvitation } from './members';
import { SlidingWindowLimiter } from './rateLimit';

const INVITATIONS_PER_ADDRESS = 5;
const INVITATION_MAILS_PER_TEAM = 30;

interface MailedInvitation {
  actorId: string;
  teamId: string;
  email: string;
  role: 'admin' | 'member';
  expiresInDays: number;
  /** The `lang` header of the inviter's request. */
  lang: string | undefined;
  /** Where `/invitation/{code}` is served. */
  origin: string;
}

export function invitationMailer(ctx: ServerContext) {
  const window = ctx.config.loginWindowMs;
  const perAddress = new SlidingWindowLimiter('invite-address', INVITATIONS_PER_ADDRESS, window, ctx.limitStore);
  const perTeam = new SlidingWindowLimiter('invite-team', INVITATION_MAILS_PER_TEAM, window, ctx.limitStore);

  return async function mailInvitation(input: MailedInvitation): Promise<InvitationCreatedDto> {
    if (!ctx.mailer.configured) throw mailNotConfigured();
    const [address, team] = [await perAddress.check(input.email), await perTeam.check(input.teamId)];
    if (!address.allowed || !team.allowed)
      throw new ApiError(429, BODY_CODE.tooManyAttempts, 'Forbidden', 'too many invitation mails; try again later');
    // Checks the caller manages the team before anything is counted or sent.
    const created = await createInvitation(ctx.db, input.actorId, input.teamId, input);
    await perAddress.count(input.email);
    await perTeam.count(input.teamId);
    const preview = await previewInvitation(ctx.db, created.code);
    const link = `${input.origin}/invitation/${encodeURIComponent(created.code)}`;
    try {
      await ctx.mailer.send(
        invitationMail(
          input.lang,
          input.email,
          { inviter: preview.invitedBy, team: preview.teamName, role: preview.role, expiresAt: preview.expiresAt },
          link,
        ),
      );
    } catch (error) {
      console.error(`[quire-server] invitation mail to ${input.email} not sent: ${(error as Error).message}`);
      await ctx.db.query('DELETE FROM team_invitations WHERE id = $1', [created.id]);
      throw mailSendFailed();
    }
    return { ...created, sentTo: input.email };
  };
}
