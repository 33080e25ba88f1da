import { describe, expect, it } from 'vitest';
import { memoryKernel } from '../testing/kernelFixture';
import { edges } from './answers';
import { delegatedResolutions } from './delegation';
import { grantDelegation, resolveAsPerson, revokeDelegation } from './personActions';
import type { ClientPrincipal } from './principal';
import { resolveAsDelegate } from './resolve';

const CLAUDE: ClientPrincipal = { kind: 'named', id: 'claude-code' };

async function staleEdge() {
  const fixture = await memoryKernel();
  const elena = (await fixture.save('elena.md', 'Elena has green eyes.\n')).written;
  await fixture.save('chapter.md', 'Her green eyes.\n', ['elena.md']);
  await fixture.save('elena.md', elena.replace('green', 'grey'));
  const [edge] = await edges(fixture.kernel);
  if (!edge) throw new Error('expected a stale edge');
  return { ...fixture, edge };
}

describe('coherence_resolve.resolve (CRS-RESOLVE-*)', () => {
  it.each([
    [{ kind: 'anonymous' } as ClientPrincipal, /presents no client credential.*vmark connect/],
    [{ kind: 'unrecognised' } as ClientPrincipal, /not one VMark issued.*Re-run `vmark connect/],
  ])('CRS-RESOLVE-02 CRS-RESOLVE-08 refuses %o: only a named client can hold a delegation', async (principal, message) => {
    const { kernel, edge } = await staleEdge();
    await grantDelegation(kernel, { delegate: 'claude-code', scope: ['resolve.accept-newer', 'resolve.waive'] });
    await expect(resolveAsDelegate(kernel, principal, { txf: edge.txf, input: 0, resolution: 'accept-newer' })).rejects.toThrow(message);
  });

  it('CRS-RESOLVE-08 a client that only says it is claude-code (clientInfo) is not the named principal: a forged name gets nothing', async () => {
    const { kernel, edge } = await staleEdge();
    await grantDelegation(kernel, { delegate: 'claude-code', scope: ['resolve.accept-newer'] });
    // the host resolves principals from credentials; a connection with a forged clientInfo name and no credential is anonymous
    await expect(resolveAsDelegate(kernel, { kind: 'anonymous' }, { txf: edge.txf, input: 0, resolution: 'accept-newer' })).rejects.toThrow(/no client credential/);
    await expect(resolveAsDelegate(kernel, { kind: 'named', id: 'cursor' }, { txf: edge.txf, input: 0, resolution: 'accept-newer' })).rejects.toThrow(/cursor holds no delegation.*ask the user/);
  });

  it('CRS-RESOLVE-07 refuses with no grant, an expired grant, the wrong scope, and a revoked grant, saying to ask the user', async () => {
    const { kernel, edge, clock } = await staleEdge();
    const call = () => resolveAsDelegate(kernel, CLAUDE, { txf: edge.txf, input: 0, resolution: 'waive', reason: 'not relevant' });
    await expect(call()).rejects.toThrow(/holds no delegation in this workspace; ask the user to grant/);
    const grant = await grantDelegation(kernel, { delegate: 'claude-code', scope: ['resolve.accept-newer'], expires: new Date(clock.now().getTime() + 3_600_000) });
    await expect(call()).rejects.toThrow(/covers resolve.accept-newer, not resolve.waive/);
    clock.advance(2 * 3_600_000);
    await expect(resolveAsDelegate(kernel, CLAUDE, { txf: edge.txf, input: 0, resolution: 'accept-newer' })).rejects.toThrow(/expired at/);
    await grantDelegation(kernel, { delegate: 'claude-code', scope: ['resolve.waive'] });
    await revokeDelegation(kernel, grant.body.delegation);
    await expect(call()).rejects.toThrow(/holds no delegation/);
    expect(delegatedResolutions(kernel.index)).toEqual([]);
  });

  it('CRS-RESOLVE-03 refuses an edge that is not active, and a multi-head edge', async () => {
    const { kernel, edge } = await staleEdge();
    await grantDelegation(kernel, { delegate: 'claude-code', scope: ['resolve.accept-newer', 'resolve.waive'] });
    await expect(resolveAsDelegate(kernel, CLAUDE, { txf: 'no-such-txf', input: 0, resolution: 'accept-newer' })).rejects.toThrow(/not an active edge.*read coherence.edges again/);
    const elena = kernel.objectAt('elena.md')!;
    const head = kernel.currentRevision(elena)!;
    for (const name of ['x', 'y']) {
      await kernel.append([
        kernel.entry('transformation', {
          inputs: [],
          outputs: [{ object: elena.id, revision: `rev1:${name}`, content_hash: `sha256:${name}`, parents: [head.id] }],
          agent: { type: 'human' },
          intent: { kind: 'save', summary: 'another writer' },
          confidence: 'exact',
        }),
      ]);
    }
    expect((await edges(kernel)).map((e) => e.state)).toEqual(['diverged-multi-head']);
    await expect(resolveAsDelegate(kernel, CLAUDE, { txf: edge.txf, input: 0, resolution: 'accept-newer' })).rejects.toThrow(/several heads/);
    await expect(resolveAsPerson(kernel, { txf: edge.txf, input: 0, resolution: 'accept-newer' })).rejects.toThrow(/several heads/);
  });

  it('CRS-RESOLVE-09 waive needs a reason', async () => {
    const { kernel, edge } = await staleEdge();
    await grantDelegation(kernel, { delegate: 'claude-code', scope: ['resolve.waive'] });
    await expect(resolveAsDelegate(kernel, CLAUDE, { txf: edge.txf, input: 0, resolution: 'waive' })).rejects.toThrow(/reason is required/);
  });

  it('CRS-RESOLVE-01 CRS-RESOLVE-04 CRS-RESOLVE-05 CRS-RESOLVE-06 accepted with a grant: recorded with the delegate as actor and the grant id, never expiring, kept after revocation', async () => {
    const { kernel, edge, clock } = await staleEdge();
    const grant = await grantDelegation(kernel, { delegate: 'claude-code', scope: ['resolve.waive'] });
    const answer = await resolveAsDelegate(kernel, CLAUDE, { txf: edge.txf, input: 0, resolution: 'waive', reason: 'the scene is at night' });
    expect(answer).toMatchObject({ txf: edge.txf, input: 0, resolution: 'waive', delegation: grant.body.delegation });
    expect((await edges(kernel)).map((e) => e.state)).toEqual(['waived']);
    const [audit] = delegatedResolutions(kernel.index);
    expect(audit).toMatchObject({ id: answer.entry, kind: 'waiver', body: { actor: { type: 'external', id: 'claude-code' }, delegation: grant.body.delegation, reason: 'the scene is at night' } });
    expect(audit?.body.expires).toBeUndefined();
    await revokeDelegation(kernel, grant.body.delegation);
    clock.advance(400 * 86_400_000);
    expect(delegatedResolutions(kernel.index)).toHaveLength(1);
    expect((await edges(kernel)).map((e) => e.state)).toEqual(['waived']);
    await expect(resolveAsDelegate(kernel, CLAUDE, { txf: edge.txf, input: 0, resolution: 'waive', reason: 'again' })).rejects.toThrow(/no delegation/);
  });

  it('accept-newer by a delegate makes the edge fresh', async () => {
    const { kernel, edge } = await staleEdge();
    await grantDelegation(kernel, { delegate: 'claude-code', scope: ['resolve.accept-newer'] });
    await resolveAsDelegate(kernel, CLAUDE, { txf: edge.txf, input: 0, resolution: 'accept-newer' });
    expect(await edges(kernel)).toEqual([]);
    await expect(resolveAsDelegate(kernel, CLAUDE, { txf: edge.txf, input: 0, resolution: 'accept-newer' })).rejects.toThrow(/already fresh/);
  });

  it('a grant needs a future expiry (default 7 days) and a scope', async () => {
    const { kernel, clock } = await staleEdge();
    await expect(grantDelegation(kernel, { delegate: 'claude-code', scope: ['resolve.waive'], expires: new Date(clock.now().getTime() - 1) })).rejects.toThrow(/future/);
    await expect(grantDelegation(kernel, { delegate: 'claude-code', scope: [] })).rejects.toThrow(/scope/);
    const grant = await grantDelegation(kernel, { delegate: 'claude-code', scope: ['resolve.waive'] });
    const days = (Date.parse(grant.body.expires) - clock.now().getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });
});
