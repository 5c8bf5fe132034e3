import { Redirect, useParams } from 'wouter';

/** /whatsapp/task/{taskId}/…: a WhatsApp task's messages are its records (the send wizard links here). */
export default function WaTaskRedirect() {
  const { taskId = '' } = useParams<{ taskId: string }>();
  return <Redirect to={`/whatsapp/search?taskId=${encodeURIComponent(taskId)}`} replace />;
}
