import { CUSTOM_TEMPLATE_FIRST_ID } from '@kadry/shared/schemas/action-templates';
import { ensureStandardTemplates } from '../../modules/action-templates/action-templates.service';
import { actionTemplates } from '../schema/action-templates';
import type { Db } from '../tables';

/**
 * The demo company's HR action templates (issue 15): the six standard ones every company gets, and
 * one of its own — a birthday greeting by the manager — so next month's dashboard lists welcome
 * and probation meetings, yearly reviews and birthdays of the demo people.
 */
export async function seedDemoActionTemplates(tx: Db, companyId: number): Promise<void> {
  await ensureStandardTemplates(tx, companyId);
  await tx
    .insert(actionTemplates)
    .values({
      companyId,
      templateKey: CUSTOM_TEMPLATE_FIRST_ID,
      category: 1,
      names: {
        en: 'Birthday greeting',
        ru: 'Поздравление с днём рождения',
        uk: 'Привітання з днем народження',
      },
      description: 'A card from the team and a few kind words.',
      taskType: 'custom',
      assignee: 'manager',
      trigger: 'birthday',
      offsetDays: 0,
    })
    .onConflictDoNothing({ target: [actionTemplates.companyId, actionTemplates.templateKey] });
}
