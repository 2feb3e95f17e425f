import type { AbsenceTypeCode, AbsenceUnit, ApproverRole, DayCounting } from '@kadry/shared/schemas/absences';
import type { LocalizedNames } from '../../db/schema/absences';

/** What a company starts with for each absence type (seeded on first use; the company edits its copy). */
export type AbsenceTypeDefault = {
  code: AbsenceTypeCode;
  names: LocalizedNames;
  unit: AbsenceUnit;
  counting: DayCounting;
  needsApproval: boolean;
  needsDocument: boolean;
  countsAgainstBalance: boolean;
  color: string;
  icon: string;
  approvalChain: ApproverRole[];
};

export const ABSENCE_TYPE_DEFAULTS: readonly AbsenceTypeDefault[] = [
  {
    code: 'vacation',
    names: { en: 'Vacation', ru: 'Отпуск', uk: 'Відпустка' },
    unit: 'half_days',
    counting: 'working_days',
    needsApproval: true,
    needsDocument: false,
    countsAgainstBalance: true,
    color: '#4caf50',
    icon: 'beach',
    approvalChain: ['manager', 'hr'],
  },
  {
    code: 'sick_days',
    names: { en: 'Sick day', ru: 'Больничный без справки', uk: 'Лікарняний без довідки' },
    unit: 'days',
    counting: 'working_days',
    needsApproval: true,
    needsDocument: false,
    countsAgainstBalance: false,
    color: '#f44336',
    icon: 'thermometer',
    approvalChain: ['manager'],
  },
  {
    code: 'unpaid_vacation',
    names: { en: 'Unpaid leave', ru: 'Отпуск за свой счёт', uk: 'Відпустка за власний рахунок' },
    unit: 'days',
    counting: 'working_days',
    needsApproval: true,
    needsDocument: false,
    countsAgainstBalance: false,
    color: '#9e9e9e',
    icon: 'wallet',
    approvalChain: ['manager', 'hr'],
  },
  {
    code: 'home_work',
    names: { en: 'Working from home', ru: 'Работа из дома', uk: 'Робота з дому' },
    unit: 'half_days',
    counting: 'working_days',
    needsApproval: true,
    needsDocument: false,
    countsAgainstBalance: false,
    color: '#2196f3',
    icon: 'home',
    approvalChain: ['manager'],
  },
  {
    code: 'sick_days_doc',
    names: { en: 'Sick leave (certified)', ru: 'Больничный со справкой', uk: 'Лікарняний з довідкою' },
    unit: 'days',
    counting: 'calendar_days',
    needsApproval: true,
    needsDocument: true,
    countsAgainstBalance: false,
    color: '#e91e63',
    icon: 'medical',
    approvalChain: ['hr'],
  },
  {
    code: 'business_trip',
    names: { en: 'Business trip', ru: 'Командировка', uk: 'Відрядження' },
    unit: 'days',
    counting: 'calendar_days',
    needsApproval: true,
    needsDocument: false,
    countsAgainstBalance: false,
    color: '#ff9800',
    icon: 'plane',
    approvalChain: ['manager'],
  },
  {
    code: 'overtime',
    names: { en: 'Overtime', ru: 'Переработка', uk: 'Понаднормова робота' },
    unit: 'hours',
    counting: 'calendar_days',
    needsApproval: true,
    needsDocument: false,
    countsAgainstBalance: false,
    color: '#795548',
    icon: 'clock',
    approvalChain: ['manager'],
  },
  {
    code: 'weekend_work',
    names: { en: 'Weekend work', ru: 'Работа в выходной', uk: 'Робота у вихідний' },
    unit: 'days',
    counting: 'calendar_days',
    needsApproval: true,
    needsDocument: false,
    countsAgainstBalance: false,
    color: '#673ab7',
    icon: 'calendar',
    approvalChain: ['manager'],
  },
  {
    code: 'night_shift',
    names: { en: 'Night shift', ru: 'Ночная смена', uk: 'Нічна зміна' },
    unit: 'hours',
    counting: 'calendar_days',
    needsApproval: true,
    needsDocument: false,
    countsAgainstBalance: false,
    color: '#3f51b5',
    icon: 'moon',
    approvalChain: ['manager'],
  },
  {
    code: 'day_transfer',
    names: { en: 'Day transfer', ru: 'Перенос дня', uk: 'Перенесення дня' },
    unit: 'days',
    counting: 'calendar_days',
    needsApproval: true,
    needsDocument: false,
    countsAgainstBalance: false,
    color: '#009688',
    icon: 'swap',
    approvalChain: ['manager'],
  },
];

/** The vacation policy a company starts with: 20 working days a year, pro-rated to half days. */
export const DEFAULT_VACATION_POLICY = {
  name: 'Vacation',
  yearlyAllowance: 20,
  accrual: 'upfront',
  roundingStep: 0.5,
  carryOverCap: 5,
  carryOverExpiryMonth: 3,
  carryOverExpiryDay: 31,
  allowNegative: false,
  counting: 'working_days',
} as const;
