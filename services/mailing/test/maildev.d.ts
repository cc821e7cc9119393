// The parts of maildev 2.2.1 (CommonJS, no types of its own) that the tests use.
declare module 'maildev' {
  export interface MailDevOptions {
    smtp?: number;
    ip?: string;
    web?: number;
    disableWeb?: boolean;
    silent?: boolean;
    mailDirectory?: string;
  }
  export interface ReceivedMail {
    id: string;
    subject: string;
    messageId?: string;
    text?: string;
    html?: string;
    from: Array<{ address: string; name: string }>;
    to: Array<{ address: string; name: string }>;
    envelope: { from: { address: string }; to: Array<{ address: string }> };
    headers: Record<string, string>;
  }
  export interface MailDevServer {
    listen(): Promise<void>;
    close(callback?: (err?: Error) => void): void;
    getAllEmail(done: (err: Error | null, emails: ReceivedMail[]) => void): void;
    on(event: 'new', listener: (mail: ReceivedMail) => void): void;
  }
  interface MailDevFactory {
    new (options: MailDevOptions): MailDevServer;
    (options: MailDevOptions): MailDevServer;
  }
  const MailDev: MailDevFactory;
  export default MailDev;
}
