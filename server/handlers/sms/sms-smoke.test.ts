import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSmsTestServer, passedTemplate, waitFor, type SmsTestServer } from './sms-test-helpers';

let server: SmsTestServer;
beforeAll(async () => {
  server = await createSmsTestServer();
}, 60_000);
afterAll(() => server.close());

it('sends a task end to end', async () => {
  const templateId = await passedTemplate(server);
  const phones = ['4155550100', '4155550101', '4155550107', '4155550108', '4155550109', '12', '+14155550100', '4155550102'];
  const added = await server.call<{ TaskId: string; TotalCount: number; InvalidCount: number; DuplicateCount: number }>('AddUSMSSendTask', { TaskName: 'Smoke', TemplateId: templateId, CountryCode: 'US', Phones: phones });
  expect(added).toMatchObject({ RetCode: 0 });
  expect(added.Data).toMatchObject({ TotalCount: 6, InvalidCount: 1, DuplicateCount: 1 });
  const done = await waitFor(() => server.call<{ Task: Record<string, number> }>('DescribeUSMSSendTaskStatistics', { TaskId: added.Data.TaskId }), (r) => r.Data.Task?.Status === 3);
  console.log(JSON.stringify(done.Data));
}, 60_000);
