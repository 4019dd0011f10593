// The tool calls of one MCP session still running (waiting for the owner, or executing), by JSON-RPC id, so the
// transport can withdraw them when their agent goes away: an HTTP connection that drops before its answer, a
// session that closes or expires, stdin that ends. The SDK aborts a handler only on the client's own
// notifications/cancelled or on close, both as a plain cancel; a withdrawal aborts with AgentGone, so the
// approval queue shows the request as withdrawn instead of leaving it for the owner to approve for nobody.
import { AgentGone } from '../approvals';

type RequestId = string | number;

export class InFlightCalls {
  private readonly calls = new Map<RequestId, AbortController>();

  /** A call starts: its signal aborts when it is withdrawn. */
  begin(id: RequestId): AbortSignal {
    const controller = new AbortController();
    this.calls.set(id, controller);
    return controller.signal;
  }

  end(id: RequestId): void {
    this.calls.delete(id);
  }

  /** Withdraws the calls among `ids` still running (an HTTP request's own calls). */
  withdraw(ids: Iterable<RequestId>, reason: string): void {
    for (const id of ids) {
      const c = this.calls.get(id);
      if (!c) continue;
      this.calls.delete(id);
      c.abort(new AgentGone(reason));
    }
  }

  withdrawAll(reason: string): void {
    this.withdraw([...this.calls.keys()], reason);
  }

  get size(): number {
    return this.calls.size;
  }
}
