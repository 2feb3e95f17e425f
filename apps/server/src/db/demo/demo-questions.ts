import { questions } from '../schema/questions';
import type { Db } from '../tables';

// The demo company's questions to HR (issue 15): asked by employees of the demo before anyone signed
// in (so no asker account is stored: they read as anonymous), some answered, one closed.

type Tx = Pick<Db, 'insert'>;

const DEMO_QUESTIONS: {
  subject: string;
  text: string;
  answer?: string;
  closed?: boolean;
  daysAgo: number;
}[] = [
  {
    subject: 'Parking for bicycles',
    text: 'Is there a safe place to leave a bicycle near the office?',
    answer: 'Yes: the courtyard has a covered rack; ask reception for a key card to the gate.',
    daysAgo: 9,
  },
  {
    subject: 'Salary review dates',
    text: 'When does the next salary review take place, and how do I prepare for it?',
    answer: 'Reviews start on 1 June. Your manager will book a meeting; bring your goals and results.',
    closed: true,
    daysAgo: 20,
  },
  {
    subject: 'English lessons',
    text: 'Does the company pay for English courses?',
    daysAgo: 2,
  },
  {
    subject: 'Working from another country',
    text: 'Can I work for two weeks from abroad in August?',
    daysAgo: 1,
  },
];

export async function seedDemoQuestions(tx: Tx, companyId: number, now: Date): Promise<void> {
  await tx.insert(questions).values(
    DEMO_QUESTIONS.map((demo) => {
      const createdAt = new Date(now.getTime() - demo.daysAgo * 86_400_000);
      const answeredAt = demo.answer ? new Date(createdAt.getTime() + 26 * 3_600_000) : null;
      return {
        companyId,
        askerId: null,
        isAnonymous: true,
        subject: demo.subject,
        text: demo.text,
        status: demo.closed ? ('closed' as const) : demo.answer ? ('answered' as const) : ('open' as const),
        answer: demo.answer ?? null,
        answeredAt,
        closedAt: demo.closed && answeredAt ? new Date(answeredAt.getTime() + 3_600_000) : null,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
}
