/**
 * A generic message: a title, paragraphs and an optional button. The example template, also used
 * by the tests; a feature with its own wording adds its own template next to this one.
 */
import { EmailButton, EmailLayout, EmailText } from './layout.tsx';

export interface NoticeEmailProps {
  appName: string;
  appUrl: string;
  title: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  preview?: string;
}

export function NoticeEmail({
  appName,
  appUrl,
  title,
  paragraphs,
  action,
  preview,
}: NoticeEmailProps) {
  return (
    <EmailLayout appName={appName} appUrl={appUrl} title={title} preview={preview}>
      {paragraphs.map((paragraph, index) => (
        <EmailText key={index}>{paragraph}</EmailText>
      ))}
      {action ? <EmailButton href={action.url}>{action.label}</EmailButton> : null}
    </EmailLayout>
  );
}
