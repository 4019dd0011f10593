// The live contacts of one process, by contact id: a `down` starts one, its other events go to it in order,
// and it is forgotten once it has answered its last event (a late event then hears `ended`).
import type { LiveTouchEvent, LiveTouchReply } from '../../shared/ipc/live-touch-contract';
import type { Owner } from '../../shared/receipts';
import { DeviceLayerError } from '../adb/errors';
import { LiveContact, type ContactDeps } from './live-contact';

export class LiveContacts {
  private readonly contacts = new Map<string, LiveContact>();

  constructor(private readonly deps: Omit<ContactDeps, 'owner'>) {}

  /** `resolve`: how a down names its device for the lock (default: the links' resolution). */
  handle(event: LiveTouchEvent, owner: Owner, resolve?: ContactDeps['resolve']): Promise<LiveTouchReply> {
    let contact = this.contacts.get(event.contact);
    if (event.phase === 'down') {
      if (contact)
        return Promise.reject(new DeviceLayerError('INVALID_ARGUMENT', `contact ${event.contact} is already down`));
      const started = new LiveContact(event.contact, event.serial, {
        ...this.deps,
        owner,
        ...(resolve && { resolve }),
      });
      this.contacts.set(event.contact, started);
      void started.closed.then(() => this.contacts.delete(event.contact));
      contact = started;
    }
    if (!contact)
      return Promise.resolve({ contact: event.contact, state: 'ended', backend: null, events: 0, receipt: null });
    return contact.handle(event);
  }

  /** Stop (device.cancel): a contact with this id is ended with ACTION_CANCEL at once. Whether there was one. */
  cancel(operationId: string): boolean {
    const contact = this.contacts.get(operationId);
    contact?.stop('cancelled (device.cancel)');
    return contact !== undefined;
  }

  /** Contacts down now (tests and shutdown look). */
  get size(): number {
    return this.contacts.size;
  }
}
