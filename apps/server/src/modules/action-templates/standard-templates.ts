import type {
  ActionAssignee,
  ActionTrigger,
  StandardTemplateId,
} from '@kadry/shared/schemas/action-templates';
import type { TaskTypeKey } from '@kadry/shared/schemas/tasks';

// The standard HR templates every company has (spec §9: category 1, ids 11, 12, 7, 5, 4, 13 in that
// order), as first written: an onboarding path, a yearly review and the exit. Companies edit them
// (name, description, type, who, when) and switch them off; they are never deleted. Their built-in
// names and descriptions are catalog keys `hr.action_templates.standard.<code>.{name,description}`,
// so each reader sees them in their language until the company writes its own.

export type StandardTemplate = {
  id: StandardTemplateId;
  /** The catalog key's part, and the dictionary entry's `code`. */
  code: string;
  taskType: TaskTypeKey;
  assignee: ActionAssignee;
  trigger: ActionTrigger;
  offsetDays: number;
};

export const STANDARD_TEMPLATES: readonly StandardTemplate[] = [
  // 11: the manager welcomes the newcomer on their first day.
  {
    id: 11,
    code: 'welcome_meeting',
    taskType: 'welcome_meeting',
    assignee: 'manager',
    trigger: 'start_of_work',
    offsetDays: 0,
  },
  // 12: how the first month went, at day 30.
  {
    id: 12,
    code: 'adaptation_meeting',
    taskType: 'adaptation_meeting',
    assignee: 'manager',
    trigger: 'start_of_work',
    offsetDays: 30,
  },
  // 7: the probation decision, a week before probation ends.
  {
    id: 7,
    code: 'probation_review',
    taskType: 'review',
    assignee: 'manager',
    trigger: 'probation_end',
    offsetDays: -7,
  },
  // 5: a one-to-one at 90 days.
  {
    id: 5,
    code: 'one_to_one',
    taskType: 'one_to_one',
    assignee: 'manager',
    trigger: 'start_of_work',
    offsetDays: 90,
  },
  // 4: the yearly performance review, on each work anniversary.
  {
    id: 4,
    code: 'performance_review',
    taskType: 'review',
    assignee: 'manager',
    trigger: 'work_anniversary',
    offsetDays: 0,
  },
  // 13: the exit interview three days before the last day; HR chooses who holds it (until then, the
  // one who makes it a task).
  {
    id: 13,
    code: 'exit_interview',
    taskType: 'exit_interview',
    assignee: 'user',
    trigger: 'dismissal',
    offsetDays: -3,
  },
];

export function findStandardTemplate(id: number): StandardTemplate | undefined {
  return STANDARD_TEMPLATES.find((template) => template.id === id);
}
