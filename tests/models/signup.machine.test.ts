import { expect } from 'vitest';
import { registrationOf, signUpMachine, type SignUpContext } from '../../src/machines/signup.machine';
import { signUpActions as accountActions } from '../../src/gateway/contract/actions/sign-up';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { testModel } from './harness';

const schema = accountActions.RegisterAdminUser.input;
const codeSchema = accountActions.SendRegisterPhoneCodeV1.input;
const requiredFields = ['email', 'password', 'confirmPassword', 'phone', 'phoneCode'] as const;

/** How far the form is filled: the count of valid required fields keeps the graph small and finite. */
function validCount(context: SignUpContext): number {
  const input = registrationOf(context);
  const bad = new Set(schema.safeParse(input).error?.issues.map((issue) => String(issue.path[0])) ?? []);
  const names = {
    email: 'Email',
    password: 'Password',
    confirmPassword: 'ConfirmPassword',
    phone: 'Phone',
    phoneCode: 'PhoneCode',
  } as const;
  return (
    requiredFields.filter((field) => context[field] !== '' && !bad.has(names[field])).length + (context.agree ? 1 : 0)
  );
}

const refusal = (code: number, data: unknown = {}) =>
  new GatewayError('RegisterAdminUser', code, `refused ${code}`, data);

testModel('signup.machine', {
  machine: signUpMachine,
  input: () => ({ country: 'US' }),
  events: {
    'field.change': [
      { field: 'email', value: 'ada@example.com' },
      { field: 'email', value: 'not-an-email' },
      { field: 'password', value: 'Lovelace-1815' },
      { field: 'confirmPassword', value: 'Lovelace-1815' },
      { field: 'phone', value: '2025550101' },
      { field: 'phone', value: '4155550123' },
      { field: 'phoneCode', value: '123456' },
      { field: 'name', value: 'Ada' },
    ],
    'agreement.set': [{ value: true }],
    'xstate.done.actor.register': [{ output: { AdminUserID: 7 } }],
    'xstate.error.actor.register': [
      { error: refusal(RetCode.UserExists) },
      { error: refusal(RetCode.SignupCodeExpired) },
      { error: refusal(RetCode.PhoneCodeInvalid) },
      { error: refusal(RetCode.SystemBusy) },
    ],
    'xstate.done.actor.sendCode': [{ output: { ResendAfterSeconds: 60 } }],
    'xstate.error.actor.sendCode': [
      { error: new GatewayError('SendRegisterPhoneCodeV1', RetCode.ResendTooSoon, 'wait', { ResendAfterSeconds: 42 }) },
      { error: new GatewayError('SendRegisterPhoneCodeV1', RetCode.SystemBusy, 'busy') },
    ],
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      codeSchema.safeParse({ Phone: s.context.phone, Country: s.context.country }).success,
      validCount(s.context),
    ]),
  states: {
    'filling.form.submitting': (s) => expect(schema.safeParse(registrationOf(s.context)).success).toBe(true),
    'filling.code.sending': (s) => expect(s.context.phone).toMatch(/^\d+$/),
    'filling.code.waiting': (s) => {
      expect(s.context.codeSentTo).not.toBeNull();
      expect([42, 60]).toContain(s.context.resendAfter);
    },
    'filling.form.editing': (s) => {
      if (s.context.refusal === RetCode.UserExists) expect(s.context.fieldErrors.email).toBe('errors:UserExists');
      if (s.context.refusal === RetCode.PhoneCodeInvalid)
        expect(s.context.fieldErrors.phoneCode).toBe('errors:PhoneCodeInvalid');
      if (s.context.refusal === RetCode.SystemBusy) expect(s.context.error).toBe('refused 230500');
    },
  },
});
