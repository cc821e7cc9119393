import { Inject, Injectable, Optional } from '@nestjs/common';
import { AuditLog, changedFields, type AuditActor } from '@agora/common';
import type {
  GeneralSettingsBody,
  SiteTextScope,
  SiteTextsAnswer,
  SiteTextsBody,
} from '@agora/contracts/api';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { ACCOUNTS_CONFIG, type AccountsConfig } from '../config/accounts.config.js';
import { AccountsErrors } from '../errors/accounts-errors.js';
import { OAuthProviders } from '../oauth/oauth.service.js';
import { Setting } from './setting.entity.js';
import { sanitizeSiteHtml } from './site-html.js';
import {
  DEFAULT_SETTINGS,
  SETTING_KEYS,
  type SettingKey,
  type SiteSettings,
  type StoredSettings,
} from './settings.schema.js';

@Injectable()
export class SettingsService {
  constructor(
    @InjectRepository(Setting, 'accounts') private readonly settings: Repository<Setting>,
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
    private readonly audit: AuditLog,
    @Optional() private readonly providers?: OAuthProviders,
  ) {}

  /**
   * The settings as the site uses them: stored values over the defaults, where an external login counts as
   * enabled only when the admin turned it on AND the server has that provider configured (a button that can only
   * fail is never shown), and the open-auth title falls back to OIDC_TITLE. The map tiles come from the
   * deployment's configuration (MAP_TILE_URL, MAP_TILE_ATTRIBUTION), never from the stored settings.
   */
  async get(): Promise<SiteSettings> {
    const out: SiteSettings = { ...(await this.stored()), ...this.config.tiles };
    if (this.providers) {
      const configured = this.providers.enabled();
      out.isOpenAuthEnabled = out.isOpenAuthEnabled && configured.open;
      out.isGoogleAuthEnabled = out.isGoogleAuthEnabled && configured.google;
      out.isFacebookAuthEnabled = out.isFacebookAuthEnabled && configured.facebook;
      if (!out.openAuthTitle && configured.openTitle) out.openAuthTitle = configured.openTitle;
      out.configuredLogins = {
        open: configured.open,
        google: configured.google,
        facebook: configured.facebook,
      };
    }
    return out;
  }

  /** 400 when a login is being turned on whose provider has no credentials on the server (it could only fail). */
  private checkProviders(values: Partial<Record<SettingKey, unknown>>): void {
    if (!this.providers) return;
    const configured = this.providers.enabled();
    const turnedOn =
      (values.isOpenAuthEnabled === true && !configured.open) ||
      (values.isGoogleAuthEnabled === true && !configured.google) ||
      (values.isFacebookAuthEnabled === true && !configured.facebook);
    if (turnedOn) throw AccountsErrors.loginNotConfigured();
  }

  /** The stored settings over the defaults. */
  private async stored(): Promise<StoredSettings> {
    const rows = await this.settings.find();
    const out: StoredSettings = structuredClone(DEFAULT_SETTINGS);
    const target = out as unknown as Record<string, unknown>;
    for (const row of rows) {
      if ((SETTING_KEYS as readonly string[]).includes(row.key)) target[row.key] = row.value;
    }
    return out;
  }

  /**
   * Stores a subset of the general settings (validated by `GeneralSettingsBody`: the locales only as read),
   * recorded in the audit log with the values changed (`settings.update`, object `settings/general`).
   */
  async updateGeneral(actor: AuditActor, body: GeneralSettingsBody): Promise<void> {
    const { locales: _fixed, ...values } = body;
    const entries = Object.entries(values).filter(([, v]) => v !== undefined) as Array<[SettingKey, unknown]>;
    this.checkProviders(values);
    await this.store(actor, 'general', entries);
  }

  /**
   * Writes settings rows in one transaction with their audit entry, which holds the stored values that changed
   * (before them: the stored value or nothing, never the default).
   */
  private async store(actor: AuditActor, scope: string, entries: Array<[string, unknown]>): Promise<void> {
    await this.settings.manager.transaction(async (m: EntityManager) => {
      const rows = await m.query<Array<{ key: string; value: unknown }>>(
        `SELECT key, value FROM accounts.setting WHERE key = ANY($1::text[]) FOR UPDATE`,
        [entries.map(([key]) => key)],
      );
      for (const [key, value] of entries) {
        await m.query(
          `INSERT INTO accounts.setting (key, value) VALUES ($1, $2::jsonb)
           ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
          [key, JSON.stringify(value)],
        );
      }
      const changed = changedFields(
        Object.fromEntries(rows.map((r) => [r.key, r.value])),
        Object.fromEntries(entries),
      );
      if (Object.keys(changed.after ?? {}).length === 0) return;
      await this.audit.record(m, actor, {
        action: 'settings.update',
        object: { type: 'settings', id: scope },
        ...changed,
      });
    });
  }

  /**
   * The front page or policy texts (title and sanitised HTML body per locale); empty strings when not set. Read
   * through the sanitiser too, so a row written by other means is shown safe.
   */
  async getTexts(scope: SiteTextScope): Promise<SiteTextsAnswer> {
    const row = await this.settings.findOne({ where: { key: scope } });
    const stored = (row?.value ?? {}) as Partial<Record<'el' | 'en', { title?: unknown; body?: unknown }>>;
    const text = (locale: 'el' | 'en') => {
      const t = stored[locale];
      return {
        title: typeof t?.title === 'string' ? t.title : '',
        body: typeof t?.body === 'string' ? sanitizeSiteHtml(t.body) : '',
      };
    };
    return { el: text('el'), en: text('en') };
  }

  /**
   * Stores the front page or policy texts with their bodies sanitised, recorded in the audit log
   * (`settings.update`, object `settings/<scope>`); answers what was stored.
   */
  async updateTexts(actor: AuditActor, scope: SiteTextScope, body: SiteTextsBody): Promise<SiteTextsAnswer> {
    const value: SiteTextsAnswer = {
      el: { title: body.el.title.trim(), body: sanitizeSiteHtml(body.el.body) },
      en: { title: body.en.title.trim(), body: sanitizeSiteHtml(body.en.body) },
    };
    await this.store(actor, scope, [[scope, value]]);
    return value;
  }
}
