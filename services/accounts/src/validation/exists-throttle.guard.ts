import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ScopeValidationController } from '@agora/common';
import type { Identity } from '@agora/contracts';
import { addressKey, POLICIES, RateLimitService } from '../ratelimit/rate-limit.service.js';

/**
 * Throttles `checkIfExists` per client address (it tells whether a user name or e-mail is taken, so unlimited
 * lookups would list the users): 429 with Retry-After over the limits. The other validation endpoints are free.
 */
@Injectable()
export class ExistsThrottleGuard implements CanActivate {
  constructor(private readonly rate: RateLimitService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getHandler() !== ScopeValidationController.prototype.exists) return true;
    const ip = addressKey(context.switchToHttp().getRequest<{ identity?: Identity }>().identity?.ip);
    await this.rate.consume(POLICIES.existsByAddress, ip);
    await this.rate.consume(POLICIES.existsByAddressDaily, ip);
    return true;
  }
}
