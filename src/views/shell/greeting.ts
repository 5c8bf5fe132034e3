/** Greeting by the hour of the viewer's clock. */
export function greetingKey(at: Date): 'greeting.morning' | 'greeting.afternoon' | 'greeting.evening' {
  const hour = at.getHours();
  if (hour < 12) return 'greeting.morning';
  if (hour < 18) return 'greeting.afternoon';
  return 'greeting.evening';
}
