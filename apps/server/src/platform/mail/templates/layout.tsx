/**
 * The frame of every e-mail, in the site's look (French State design system: white page,
 * blue France #000091, Marianne with Arial as fallback).
 *
 * A template renders its content inside it:
 *
 *   <EmailLayout appName={config.APP_NAME} appUrl={config.APP_URL} title="Confirmez votre adresse"
 *     preview="Un clic pour activer votre compte">
 *     <EmailText>Bonjour Camille,</EmailText>
 *     <EmailButton href={link}>Confirmer mon adresse</EmailButton>
 *   </EmailLayout>
 *
 * Props of EmailLayout:
 *   appName  product name, shown as the header (config.APP_NAME)
 *   appUrl   public base URL, linked from the footer (config.APP_URL)
 *   title    the message's heading (h1), usually close to its subject
 *   preview  optional line shown by mail clients next to the subject (not in the body)
 *   children the content: EmailText paragraphs, an EmailButton, EmailLink inside a paragraph…
 *
 * Keep content to text and links (no images): the plain-text body is derived from the same
 * HTML by renderEmail().
 */
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import {
  Body,
  Button,
  Container,
  Font,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';

export const BLUE_FRANCE = '#000091';
const TEXT_COLOR = '#161616';
const MUTED_COLOR = '#666666';
const BORDER_COLOR = '#dddddd';
const FONT_FAMILY = 'Marianne, Arial, sans-serif';

export interface EmailLayoutProps {
  appName: string;
  appUrl: string;
  title: string;
  preview?: string;
  children: ReactNode;
}

const styles = {
  body: { backgroundColor: '#ffffff', color: TEXT_COLOR, fontFamily: FONT_FAMILY, margin: 0 },
  container: { maxWidth: '600px', margin: '0 auto', padding: '0 16px' },
  header: { borderBottom: `4px solid ${BLUE_FRANCE}`, padding: '24px 0 16px' },
  marianne: {
    fontSize: '13px',
    fontWeight: 700,
    lineHeight: '15px',
    letterSpacing: '0.5px',
    margin: '0 0 12px',
    textTransform: 'uppercase',
    color: TEXT_COLOR,
  },
  appName: { fontSize: '20px', fontWeight: 700, lineHeight: '28px', color: TEXT_COLOR, margin: 0 },
  content: { padding: '24px 0 8px' },
  title: {
    fontSize: '24px',
    lineHeight: '32px',
    fontWeight: 700,
    color: TEXT_COLOR,
    margin: '0 0 16px',
  },
  text: { fontSize: '16px', lineHeight: '24px', color: TEXT_COLOR, margin: '0 0 16px' },
  link: { color: BLUE_FRANCE, textDecoration: 'underline' },
  button: {
    backgroundColor: BLUE_FRANCE,
    color: '#ffffff',
    fontSize: '16px',
    fontWeight: 500,
    lineHeight: '24px',
    padding: '8px 16px',
    textDecoration: 'none',
    display: 'inline-block',
  },
  buttonSection: { padding: '8px 0 24px' },
  hr: { borderColor: BORDER_COLOR, margin: '24px 0 16px' },
  quote: {
    fontSize: '16px',
    lineHeight: '24px',
    color: TEXT_COLOR,
    margin: '0 0 16px',
    padding: '8px 16px',
    borderLeft: `4px solid ${BORDER_COLOR}`,
  },
  footer: { fontSize: '12px', lineHeight: '20px', color: MUTED_COLOR, margin: '0 0 8px' },
} satisfies Record<string, CSSProperties>;

export function EmailLayout({ appName, appUrl, title, preview, children }: EmailLayoutProps) {
  const fontBase = `${appUrl}/dsfr/fonts`;
  return (
    <Html lang="fr" dir="ltr">
      <Head>
        <Font
          fontFamily="Marianne"
          fallbackFontFamily={['Arial', 'sans-serif']}
          webFont={{ url: `${fontBase}/Marianne-Regular.woff2`, format: 'woff2' }}
          fontWeight={400}
        />
        <Font
          fontFamily="Marianne"
          fallbackFontFamily={['Arial', 'sans-serif']}
          webFont={{ url: `${fontBase}/Marianne-Bold.woff2`, format: 'woff2' }}
          fontWeight={700}
        />
      </Head>
      {preview ? <Preview>{preview}</Preview> : null}
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Text style={styles.marianne} data-skip-in-text="true">
              République
              <br />
              Française
            </Text>
            <Text style={styles.appName}>{appName}</Text>
          </Section>
          <Section style={styles.content}>
            <Heading as="h1" style={styles.title}>
              {title}
            </Heading>
            {children}
          </Section>
          <Hr style={styles.hr} />
          <Text style={styles.footer}>
            Ce message vous a été envoyé automatiquement par {appName}.
          </Text>
          <Text style={styles.footer}>
            <Link href={appUrl} style={styles.link}>
              {appUrl}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of the message. */
export function EmailText({ children }: { children: ReactNode }) {
  return <Text style={styles.text}>{children}</Text>;
}

/** A link inside a paragraph. */
export function EmailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={styles.link}>
      {children}
    </Link>
  );
}

/** The message's main action, as a blue button (the plain text shows its label and URL). */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={styles.buttonSection}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
  );
}

/**
 * Text a visitor typed (a contact message), in a quoted block with its line breaks kept. React
 * escapes it; nothing of it is read as HTML.
 */
export function EmailQuote({ text }: { text: string }) {
  const lines = text.split(/\r\n|\r|\n/);
  return (
    <Text style={styles.quote}>
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}
