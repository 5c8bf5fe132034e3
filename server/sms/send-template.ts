/** A passed template as a send task takes it (SMS and MMS alike). */
export interface SendTemplate {
  templateId: string;
  name: string;
  /** What the kernel task stores and its channel renders (SMS text; MMS JSON). */
  content: string;
  variableCount: number;
}
