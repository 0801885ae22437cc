import { describe, expect, test } from 'vitest'
import { clientKey } from './client-key.server.ts'

describe('clientKey', () => {
	test('an IPv4 address is its own key', () => {
		expect(clientKey('203.0.113.7')).toBe('203.0.113.7')
		expect(clientKey(' 198.51.100.1 ')).toBe('198.51.100.1')
		expect(clientKey('203.0.113.7')).not.toBe(clientKey('203.0.113.8'))
	})

	test('an IPv4-mapped IPv6 address is the IPv4 address, in every spelling', () => {
		for (const form of ['::ffff:203.0.113.7', '::FFFF:203.0.113.7', '0:0:0:0:0:ffff:203.0.113.7', '::ffff:cb00:7107', '[::ffff:203.0.113.7]', '::ffff:203.0.113.7%eth0']) {
			expect(clientKey(form), form).toBe('203.0.113.7')
		}
		expect(clientKey('::ffff:127.0.0.1')).toBe(clientKey('127.0.0.1'))
	})

	test('an IPv6 address counts by its /64, however it is written', () => {
		const key = clientKey('2001:db8::1')
		expect(key).toBe('2001:db8:0:0::/64')
		for (const form of [
			'2001:0db8:0:0:ffff::2',
			'2001:DB8::1',
			'2001:0DB8:0000:0000:0000:0000:0000:0001',
			'2001:db8:0:0:1:2:3:4',
			'[2001:db8::abcd]',
			'[2001:db8::abcd]:443',
			'2001:db8::1%eth0',
			'[2001:db8::1%25eth0]',
			'2001:db8::ffff:1.2.3.4',
		]) {
			expect(clientKey(form), form).toBe(key)
		}
	})

	test('another /64 is another key', () => {
		expect(clientKey('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64')
		expect(clientKey('2001:db8:0:1::1')).not.toBe(clientKey('2001:db8::1'))
		expect(clientKey('2001:db9::1')).not.toBe(clientKey('2001:db8::1'))
		expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
		expect(clientKey('::1')).toBe('0:0:0:0::/64')
		expect(clientKey('1:2:3:4:5:6:7:8')).toBe('1:2:3:4::/64')
		expect(clientKey('1:2:3:4::')).toBe('1:2:3:4::/64')
		expect(clientKey('1::')).toBe('1:0:0:0::/64')
	})

	test("unknown, empty or malformed addresses are 'unknown'", () => {
		for (const form of [undefined, null, '', '   ', 'unknown', 'localhost', '1.2.3', '256.1.1.1', '1.2.3.4.5', '2001:db8:::1', '2001:db8::1::2', '1:2:3:4:5:6:7:8:9', 'g::1', '[2001:db8::1', '::ffff:999.1.1.1']) {
			expect(clientKey(form), String(form)).toBe('unknown')
		}
	})
})
