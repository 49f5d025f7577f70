/**
 * Builds the Fastify app: external plugins, then app plugins (config, db, auth, xsrf), then routes by
 * area. Public routes are registered directly; every other area goes into PROTECTED_AREAS, behind the
 * one auth-guard hook (docs/server.md "Adding an area").
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { REMOTE_NAMES } from '@pricewatch/shared/contract';
import { loadConfig, type Config } from './config';
import { loggerOptions, type LoggerOptions } from './logging';
import { parseQuery } from './lib/query';
import { trustOneProxyHop } from './lib/proxy';
import errors, { handleClientError, handleFrameworkError } from './plugins/errors';
import configPlugin from './plugins/config';
import db from './plugins/db';
import auth from './plugins/auth';
import xsrf from './plugins/xsrf';
import securityHeaders from './plugins/security-headers';
import jobs from './plugins/jobs';
import overload from './plugins/overload';
import { registerStatic, withRemoteDirs, type StaticDirs } from './plugins/static';
import authRoutes from './areas/auth/routes';
import deploymentRoutes from './areas/deployment/routes';
import utilsRoutes from './areas/utils/routes';
import shopsRoutes from './areas/shops/routes';
import productsRoutes from './areas/products/routes';
import pricesRoutes from './areas/prices/routes';
import filesRoutes from './areas/files/routes';
import networkUsersRoutes from './areas/network-users/routes';
import alarmsRoutes from './areas/alarms/routes';
import exportsRoutes from './areas/exports/routes';
import productsPlugin from './areas/products/plugin';
import pricesPlugin from './areas/prices/plugin';
import parsersPlugin from './areas/parsers/plugin';
import alarmsPlugin from './areas/alarms/plugin';
import exportsPlugin from './areas/exports/plugin';
import leafletsPlugin from './areas/leaflets/plugin';
import deploymentPlugin from './areas/deployment/plugin';
import utilsPlugin from './areas/utils/plugin';
import shopsPlugin from './areas/shops/plugin';
import networkUsersPlugin from './areas/network-users/plugin';
import promoPlugin from './areas/promo/plugin';
import scrapersPlugin from './areas/scrapers/plugin';
import homePlugin from './areas/home/plugin';
import filesPlugin from './areas/files/plugin';
import parsersRoutes from './areas/parsers/routes';
import scrapersRoutes from './areas/scrapers/routes';
import leafletsRoutes from './areas/leaflets/routes';
import promoRoutes from './areas/promo/routes';
import homeRoutes from './areas/home/routes';
import access from './access/plugin';
import noNul from './plugins/no-nul';
import openapi from './plugins/openapi';

/** Areas whose every route needs a valid `?token=`; request.user is set for them. */
const PROTECTED_AREAS: FastifyPluginAsync[] = [
  utilsRoutes,
  shopsRoutes,
  productsRoutes,
  pricesRoutes,
  filesRoutes,
  networkUsersRoutes,
  alarmsRoutes,
  parsersRoutes,
  scrapersRoutes,
  exportsRoutes,
  promoRoutes,
  leafletsRoutes,
  homeRoutes,
];

export const JSON_BODY_LIMIT = 1024 * 1024;
export const UPLOAD_LIMITS = { fileSize: 20 * 1024 * 1024, files: 10, fields: 100, fieldSize: 1024 * 1024, parts: 200 };

export type BuildAppOptions = {
  /** Defaults to loadConfig(process.env). */
  config?: Config;
  /** The server package directory (holds drizzle/ and deployments/). */
  serverDir?: string;
  /** Built front ends; defaults to the workspace's host/dist and remote-{name}/dist. */
  staticDirs?: StaticDirs;
  /** false = no logs; otherwise level (and a stream, for tests). Defaults to config.logLevel. */
  logger?: false | LoggerOptions;
};

// Jest loads this file as CommonJS, where __dirname is src/; under tsx (ESM) main.ts passes serverDir.
const defaultServerDir = () => (typeof __dirname === 'string' ? path.resolve(__dirname, '..') : process.cwd());

export function defaultStaticDirs(workspaceDir: string): StaticDirs {
  return {
    host: path.join(workspaceDir, 'host', 'dist'),
    remotes: Object.fromEntries(REMOTE_NAMES.map((name) => [name, path.join(workspaceDir, `remote-${name}`, 'dist')])),
  };
}

export async function buildApp(opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config = opts.config ?? loadConfig();
  const serverDir = opts.serverDir ?? defaultServerDir();
  const staticDirs = opts.staticDirs ?? withRemoteDirs(defaultStaticDirs(path.dirname(serverDir)), config.remoteDirs);
  const logger = opts.logger === false ? false : loggerOptions(opts.logger ?? { level: config.logLevel });

  const app = Fastify({
    logger,
    bodyLimit: JSON_BODY_LIMIT,
    // Migrations and the demo seed run inside the db plugin; on a busy 2-core machine they can take
    // longer than avvio's 10 s default, which would abort the start.
    pluginTimeout: 0,
    // Node's own bound on receiving a whole request (300 s), which Fastify's default 0 switches off: a body
    // never finished would hold its connection for ever (attack/slow-body-holds-slot).
    requestTimeout: 300_000,
    trustProxy: config.trustProxy ? trustOneProxyHop : false,
    genReqId: () => randomUUID(),
    // The parser the log redaction reads names with (src/lib/query.ts): what is read as `token` is hidden.
    routerOptions: { querystringParser: parseQuery },
    // A path the router refuses (too long a parameter, a broken escape) answers in the envelope too.
    frameworkErrors: handleFrameworkError,
    // What Node refuses before the router (431 headers too large, 408, no HTTP) answers in the envelope too.
    clientErrorHandler: handleClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // No API reads plain text: such bodies get 415 instead of failing validation as a string.
  app.removeContentTypeParser('text/plain');

  await app.register(errors, { spaIndexFile: staticDirs.host ? path.join(staticDirs.host, 'index.html') : null });
  await app.register(configPlugin, { config });
  // Read once (a broken file stops the start); the headers, the jobs' time zone and /deployment.json use it.
  await app.register(deploymentPlugin, { deploymentsDir: path.join(serverDir, 'deployments') });
  await app.register(securityHeaders, { deployment: app.deployment });

  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: UPLOAD_LIMITS });
  await registerStatic(app, staticDirs);

  await app.register(db, { migrationsFolder: path.join(serverDir, 'drizzle') });
  await app.register(auth);
  await app.register(xsrf);
  await app.register(overload);
  // Background jobs (pg-boss, docs/jobs.md): after the migrations, before the areas that queue work.
  await app.register(jobs, { timeZone: app.deployment.timeZone });
  // Area plugins build each area's service once and declare what it exposes (docs/server.md "Layout");
  // routes and other areas use them through the instance. Alarms close after the parser worker stops.
  await app.register(productsPlugin);
  await app.register(pricesPlugin);
  await app.register(parsersPlugin);
  await app.register(alarmsPlugin);
  await app.register(exportsPlugin);
  await app.register(leafletsPlugin);
  await app.register(utilsPlugin);
  await app.register(shopsPlugin);
  await app.register(networkUsersPlugin);
  await app.register(promoPlugin);
  await app.register(scrapersPlugin);
  await app.register(homePlugin);
  await app.register(filesPlugin);
  // Who may call each route: src/access/route-rules.ts (docs/access.md); a route without a rule fails tests.
  await app.register(access, { strict: config.strictAccess });
  // A NUL in any string of a request is 400 naming the field (after access: refused callers get 403).
  await app.register(noNul);
  // The OpenAPI document and its reference page (/api/openapi.json, /api/docs/): before every route it describes.
  await app.register(openapi);

  await app.register(deploymentRoutes);
  // Routes that need the database wait in the admission queue first (docs/overload.md).
  await app.register(async function authArea(api) {
    api.addHook('onRequest', api.admitDbRequest);
    await api.register(authRoutes);
  });
  await app.register(async function protectedAreas(api) {
    api.addHook('onRequest', api.admitDbRequest);
    api.addHook('onRequest', api.authenticate);
    for (const area of PROTECTED_AREAS) await api.register(area);
  });

  await app.ready();
  return app;
}
