// Whether a lesson's link fits one QR code, and if not, what to shorten:
// the presenter view and the authoring panel say it instead of showing a
// code that cannot be drawn (or "scan" beside nothing).
import { qrMatrix } from './QrCode';
import type { Lesson } from './model';

/** Bytes a version-40 QR code holds at medium error correction (ISO/IEC 18004, byte mode). */
export const QR_M_MAX_BYTES = 2331;

/** The longest texts of a lesson, each named as the authoring form names it. */
function texts(l: Lesson): { what: string; n: number }[] {
  const out: { what: string; n: number }[] = [
    { what: 'the summary', n: l.summary.length },
    { what: 'the learning goal', n: l.notes.goal.length },
    { what: '"what the model leaves out"', n: l.notes.leavesOut.length },
    { what: 'the misconceptions', n: l.notes.misconceptions.join('').length },
  ];
  l.steps.forEach((s, i) => {
    out.push({ what: `step ${i + 1}'s text`, n: s.text.length }, { what: `step ${i + 1}'s explanation`, n: s.explanation.length });
    if (s.question) out.push({ what: `step ${i + 1}'s question`, n: s.question.prompt.length });
    if (s.question?.kind === 'choice') out.push({ what: `step ${i + 1}'s choices`, n: s.question.choices.reduce((a, c) => a + c.text.length, 0) });
  });
  return out.sort((a, b) => b.n - a.n);
}

/** Null when `url` fits one QR code at medium error correction; otherwise what to shorten, in words. */
export function linkTooLong(lesson: Lesson, url: string): string | null {
  if (qrMatrix(url) !== null) return null;
  const whole = lesson.steps.flatMap((s, i) => ('scenario' in s.scenario ? [i + 1] : []));
  const parts: string[] = [];
  if (whole.length > 0)
    parts.push(
      `step${whole.length > 1 ? 's' : ''} ${whole.join(', ')} carr${whole.length > 1 ? 'y' : 'ies'} a whole scenario (it is not a built-in preset with some fields changed): start ${whole.length > 1 ? 'them' : 'it'} from a preset on the "Scenario & results" tab and add ${whole.length > 1 ? 'them' : 'it'} again`,
    );
  const long = texts(lesson).filter((t) => t.n >= 60).slice(0, 3);
  if (long.length > 0) parts.push(`shorten the longest texts: ${long.map((t) => `${t.what} (${t.n} characters)`).join(', ')}`);
  if (lesson.steps.length > 3) parts.push('or split the lesson in two');
  return `This lesson's link is ${url.length.toLocaleString('en-US')} characters, more than one QR code holds (${QR_M_MAX_BYTES.toLocaleString('en-US')} at medium error correction). To fit: ${parts.join('; ')}.`;
}
