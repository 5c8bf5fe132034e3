import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { signInMachine } from './signin.machine';

// The real validator: the shared LoginByPassword schema, loaded on submit.
describe('sign-in validation', () => {
  const machine = signInMachine.provide({
    actors: { login: fromPromise(async () => ({ AccessToken: 'a', RefreshToken: 'r', AdminUserID: 1 })) },
  });

  it('keeps a bad form in editing with the schema field errors', async () => {
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'field.change', field: 'email', value: 'not-an-email' });
    actor.send({ type: 'form.submit' });
    const snapshot = await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.fieldErrors).length > 0);
    expect(snapshot.context.fieldErrors).toEqual({
      email: 'validation:emailInvalid',
      password: 'validation:passwordRequired',
    });
  });

  it('signs in with a valid form', async () => {
    const actor = createActor(machine, { input: { email: 'demo@herald.local' } }).start();
    actor.send({ type: 'field.change', field: 'password', value: 'herald-demo-1' });
    actor.send({ type: 'form.submit' });
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(snapshot.value).toBe('signedIn');
  });
});
