import { hasProduct, type Product } from '@kadry/shared/plans';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { isStaffApiPath, routePathOf } from './session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The product a route belongs to: `{ config: { plan: 'ats' } }` answers 403 outside the company's plan. */
    plan?: Product;
  }
}

/** 403 unless the request's company has the product in its plan (spec §1: HRM / ATS, PRO or not). */
export function requirePlan(request: FastifyRequest, product: Product): void {
  const company = request.company;
  if (!company) throw new AppError('not_found');
  if (!hasProduct(company.tariffs, product)) throw new AppError('forbidden');
}

/**
 * Enforces `config.plan` of routes. Runs before validation (a module outside the plan learns nothing
 * about the body it wants) but after CSRF, and leaves an anonymous staff request to the session
 * plugin's 401 so nobody learns a company's plan without signing in.
 */
export const planGuard = fp(
  async (app: FastifyInstance) => {
    // Callback style: it runs on every request, and a synchronous hook costs no promise.
    app.addHook('preValidation', (request, _reply, done) => {
      const product = request.routeOptions.config.plan;
      if (!product) return done();
      if (!request.user && isStaffApiPath(routePathOf(request))) return done();
      try {
        requirePlan(request, product);
        done();
      } catch (error) {
        done(error as Error);
      }
    });
  },
  { name: 'kadry-plan-guard', dependencies: ['kadry-session', 'kadry-csrf'] },
);
