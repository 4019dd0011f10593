// `ip route|addr` (iproute2, as Android ships it) and toybox `ifconfig`, over the device's two interfaces: lo
// and wlan0 on the emulator-style Wi-Fi network 10.0.2.0/24. Android keeps the default route in wlan0's own
// routing table, so `ip route` (the main table) lists only the link route, as on a phone.
import type { Command } from '../context';

interface Interface {
  index: number;
  name: string;
  flags: string;
  mtu: number;
  qdisc: string;
  state: string;
  mac: string;
  ipv4: { address: string; prefix: number; broadcast: string | null; scope: string };
  ipv6: { address: string; prefix: number; scope: string };
  counters: { rxPackets: number; txPackets: number; rxBytes: number; txBytes: number };
}

const WLAN0: Interface = {
  index: 30,
  name: 'wlan0',
  flags: 'BROADCAST,MULTICAST,UP,LOWER_UP',
  mtu: 1500,
  qdisc: 'mq',
  state: 'UP',
  mac: '02:15:b2:00:00:00',
  ipv4: { address: '10.0.2.16', prefix: 24, broadcast: '10.0.2.255', scope: 'global' },
  ipv6: { address: 'fe80::15:b2ff:fe00:0', prefix: 64, scope: 'link' },
  counters: { rxPackets: 2310, txPackets: 1417, rxBytes: 1_593_219, txBytes: 210_482 },
};
const LO: Interface = {
  index: 1,
  name: 'lo',
  flags: 'LOOPBACK,UP,LOWER_UP',
  mtu: 65536,
  qdisc: 'noqueue',
  state: 'UNKNOWN',
  mac: '00:00:00:00:00:00',
  ipv4: { address: '127.0.0.1', prefix: 8, broadcast: null, scope: 'host' },
  ipv6: { address: '::1', prefix: 128, scope: 'host' },
  counters: { rxPackets: 0, txPackets: 0, rxBytes: 0, txBytes: 0 },
};
const INTERFACES = [LO, WLAN0];
/** wlan0's routing table (Android: 1000 + ifindex, named after the interface in rt_tables). */
const WLAN_TABLE = 'wlan0';
const GATEWAY = '10.0.2.2';

const mask = (prefix: number) =>
  [0, 1, 2, 3]
    .map((i) => (prefix >= (i + 1) * 8 ? 255 : prefix <= i * 8 ? 0 : 256 - 2 ** ((i + 1) * 8 - prefix)))
    .join('.');
const network = (i: Interface) =>
  i.ipv4.address
    .split('.')
    .map((o, k) => Number(o) & Number(mask(i.ipv4.prefix).split('.')[k]))
    .join('.');

function addrBlock(i: Interface, family: '4' | '6' | null): string {
  const loop = i.name === 'lo';
  let s = `${i.index}: ${i.name}: <${i.flags}> mtu ${i.mtu} qdisc ${i.qdisc} state ${i.state} group default qlen 1000\n`;
  if (family === null)
    s += `    link/${loop ? 'loopback' : 'ether'} ${i.mac} brd ${loop ? '00:00:00:00:00:00' : 'ff:ff:ff:ff:ff:ff'}\n`;
  if (family !== '6') {
    s += `    inet ${i.ipv4.address}/${i.ipv4.prefix}${i.ipv4.broadcast ? ` brd ${i.ipv4.broadcast}` : ''} scope ${i.ipv4.scope} ${i.name}\n       valid_lft forever preferred_lft forever\n`;
  }
  if (family !== '4')
    s += `    inet6 ${i.ipv6.address}/${i.ipv6.prefix} scope ${i.ipv6.scope} \n       valid_lft forever preferred_lft forever\n`;
  return s;
}

function routes(all: boolean): string {
  const link = (table: string) =>
    `${network(WLAN0)}/${WLAN0.ipv4.prefix} dev wlan0 ${table}proto kernel scope link src ${WLAN0.ipv4.address} \n`;
  if (!all) return link('');
  return (
    `default via ${GATEWAY} dev wlan0 table ${WLAN_TABLE} proto static \n${network(WLAN0)}/${WLAN0.ipv4.prefix} dev wlan0 table ${WLAN_TABLE} proto static scope link \n${link('')}` +
    `broadcast 127.255.255.255 dev lo table local proto kernel scope link src 127.0.0.1 \nlocal 127.0.0.1 dev lo table local proto kernel scope host src 127.0.0.1 \n` +
    `local ${WLAN0.ipv4.address} dev wlan0 table local proto kernel scope host src ${WLAN0.ipv4.address} \n`
  );
}

export const ip: Command = async ({ argv, out, err }) => {
  const args = argv.slice(1);
  let family: '4' | '6' | null = null;
  while (args[0]?.startsWith('-')) {
    const f = args.shift()!;
    if (f === '-4' || f === '-6') family = f[1] as '4' | '6';
  }
  const [object = 'help', verb = 'show', ...rest] = args;
  if ('route'.startsWith(object)) {
    if (verb !== 'show' && verb !== 'list' && verb !== 'ls') {
      await err(`Command "${verb}" is unknown, try "ip route help".\n`);
      return 255;
    }
    const table = rest[rest.indexOf('table') + 1];
    await out(routes(rest.includes('table') && (table === 'all' || table === '0')));
    return 0;
  }
  if ('address'.startsWith(object)) {
    if (verb !== 'show' && verb !== 'list' && verb !== 'ls') {
      await err(`Command "${verb}" is unknown, try "ip address help".\n`);
      return 255;
    }
    const dev = rest[0] === 'dev' ? rest[1] : rest[0];
    const shown = dev === undefined ? INTERFACES : INTERFACES.filter((i) => i.name === dev);
    if (shown.length === 0) {
      await err(`Device "${dev}" does not exist.\n`);
      return 1;
    }
    await out(shown.map((i) => addrBlock(i, family)).join(''));
    return 0;
  }
  await err(`Object "${object}" is unknown, try "ip help".\n`);
  return 255;
};

function ifconfigBlock(i: Interface): string {
  const loop = i.name === 'lo';
  const c = i.counters;
  const name = i.name.padEnd(10);
  return (
    (loop
      ? `${name}Link encap:Local Loopback \n`
      : `${name}Link encap:Ethernet  HWaddr ${i.mac}  Driver mac80211_hwsim\n`) +
    `          inet addr:${i.ipv4.address}  ${i.ipv4.broadcast ? `Bcast:${i.ipv4.broadcast}  ` : ''}Mask:${mask(i.ipv4.prefix)} \n` +
    `          inet6 addr: ${i.ipv6.address}/${i.ipv6.prefix} Scope: ${i.ipv6.scope === 'link' ? 'Link' : 'Host'}\n` +
    `          ${loop ? 'UP LOOPBACK RUNNING' : 'UP BROADCAST RUNNING MULTICAST'}  MTU:${i.mtu}  Metric:1\n` +
    `          RX packets:${c.rxPackets} errors:0 dropped:0 overruns:0 frame:0 \n          TX packets:${c.txPackets} errors:0 dropped:0 overruns:0 carrier:0 \n` +
    `          collisions:0 txqueuelen:1000 \n          RX bytes:${c.rxBytes} TX bytes:${c.txBytes} \n\n`
  );
}

export const ifconfig: Command = async ({ argv, out, err }) => {
  const name = argv[1];
  const shown = name === undefined || name === '-a' ? INTERFACES : INTERFACES.filter((i) => i.name === name);
  if (shown.length === 0) {
    await err(`ifconfig: ${name}: No such device\n`);
    return 1;
  }
  await out(shown.map(ifconfigBlock).join(''));
  return 0;
};
