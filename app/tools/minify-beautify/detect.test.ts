import { describe, expect, test } from 'vitest'
import { DETECTION_SAMPLE, detectLanguage, type Language } from './core.ts'
import { samples } from './samples.test-data.ts'

const bigJson = JSON.stringify(
	Array.from({ length: 200 }, (_, index) => ({ id: index, name: `Item ${index}`, price: index * 1.25, tags: ['a', 'b'] })),
	null,
	2,
)

const cases: Record<Language, Array<string>> = {
	javascript: [
		samples.javascript,
		samples.jsx,
		"import React from 'react'\nimport { createRoot } from 'react-dom/client'\n\ncreateRoot(document.getElementById('root')).render(<App />)\n",
		"const fs = require('fs')\nconst path = require('path')\n\nmodule.exports = function read(file) {\n  return fs.readFileSync(path.join(__dirname, file), 'utf8')\n}\n",
		"(function () {\n  'use strict'\n  var counter = 0\n  window.increment = function () { return ++counter }\n})()\n",
		"$(document).ready(function () {\n  $('.menu-toggle').on('click', function () {\n    $('nav').toggleClass('open')\n  })\n})\n",
		'class Queue {\n  constructor() {\n    this.items = []\n  }\n  push(item) {\n    this.items.push(item)\n  }\n}\n',
		"const load = async (url) => {\n  const response = await fetch(url)\n  if (!response.ok) throw new Error('Request failed')\n  return response.json()\n}\n",
		'!function(e){var t={};function n(r){if(t[r])return t[r].exports;var o=t[r]={i:r,l:!1,exports:{}};return e[r].call(o.exports,o,o.exports,n),o.l=!0,o.exports}n.m=e}([]);',
		'"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\nexports.sum = void 0;\nfunction sum(a, b) { return a + b; }\nexports.sum = sum;\n',
		"/** @type {import('tailwindcss').Config} */\nmodule.exports = {\n  content: ['./src/**/*.{js,jsx}'],\n  theme: { extend: {} },\n  plugins: [],\n}\n",
		"document.addEventListener('DOMContentLoaded', () => {\n  document.querySelectorAll('a[href^=\"http\"]').forEach((link) => {\n    link.target = '_blank'\n  })\n})\n",
		'#!/usr/bin/env node\nconsole.log(process.argv.slice(2).join(" "))\n',
		'/**\n * Debounce a function.\n */\nfunction debounce(fn, ms) {\n  let timer\n  return (...args) => {\n    clearTimeout(timer)\n    timer = setTimeout(() => fn(...args), ms)\n  }\n}\n',
		'const styles = {\n  color: "red",\n  fontSize: 12,\n}\nexport default styles\n',
	],
	typescript: [
		samples.typescript,
		'interface User {\n  id: number\n  name: string\n}\n\nexport function greet(user: User): string {\n  return `Hello ${user.name}`\n}\n',
		'type Props = {\n  title: string\n  onClose?: () => void\n}\n',
		'export enum Direction {\n  Up = 1,\n  Down,\n}\n',
		"import { Component } from '@angular/core'\n\n@Component({\n  selector: 'app-root',\n  templateUrl: './app.component.html',\n})\nexport class AppComponent {\n  title = 'app'\n}\n",
		'function identity<T>(arg: T): T {\n  return arg\n}\n',
		"const routes = ['home', 'about'] as const\n",
		'abstract class Repository<T> {\n  protected items: T[] = []\n  abstract find(id: string): T | undefined\n}\n',
		"declare module 'express-session' {\n  interface SessionData {\n    userId: string\n  }\n}\n",
		"import type { Request, Response } from 'express'\n\nexport function handler(req: Request, res: Response) {\n  res.json({ ok: true })\n}\n",
		'export function Button({ label }: { label: string }) {\n  return <button>{label}</button>\n}\n',
		'const cache = new Map<string, number>()\ncache.set("a", 1)\n',
		'namespace Validation {\n  export const numberRegexp = /^[0-9]+$/\n}\n',
		'let count: number = 0\ncount++\n',
		"app.get('/', (req: Request, res: Response) => {\n  res.send('ok')\n})\n",
	],
	css: [
		samples.css,
		'html {\n  line-height: 1.15;\n  -webkit-text-size-adjust: 100%;\n}\n\nbody {\n  margin: 0;\n}\n',
		"@import url('https://fonts.googleapis.com/css2?family=Inter');\n\nbody { font-family: 'Inter', sans-serif; }\n",
		'@media (max-width: 600px) {\n  .sidebar { display: none; }\n}\n',
		'.btn-primary:hover,\n.btn-primary:focus {\n  background-color: #0056b3;\n  border-color: #004085;\n}\n',
		':root {\n  --main-color: #06c;\n  --accent: hsl(200 80% 50%);\n}\n',
		'/* Reset */\nbody {\n  margin: 0;\n  padding: 0;\n}\n',
		'@font-face {\n  font-family: "Inter";\n  src: url("/fonts/inter.woff2") format("woff2");\n}\n',
		'@keyframes spin {\n  from { transform: rotate(0deg); }\n  to { transform: rotate(360deg); }\n}\n',
		'*,\n*::before,\n*::after {\n  box-sizing: border-box;\n}\n',
		'.card {\n  .title {\n    color: red;\n  }\n}\n',
		'#header nav ul li a {\n  text-decoration: none;\n  color: inherit;\n}\n',
		'.a{color:red}.b{margin:0 auto}.c{display:flex}',
		'input[type="text"],\ntextarea {\n  border: 1px solid #ccc;\n}\n',
		'@tailwind base;\n@tailwind components;\n@tailwind utilities;\n',
	],
	html: [
		samples.html,
		'<html>\n<head><title>Test</title></head>\n<body><h1>Hi</h1></body>\n</html>\n',
		'<div class="container">\n  <div class="row">\n    <div class="col">One</div>\n  </div>\n</div>\n',
		'<!-- Navigation -->\n<nav class="navbar">\n  <a href="/">Home</a>\n</nav>\n',
		'<p>Hello, <strong>world</strong>!</p>',
		'<ul>\n  <li>One</li>\n  <li>Two</li>\n</ul>\n',
		'<table>\n  <tr><th>Name</th><th>Age</th></tr>\n  <tr><td>Ann</td><td>31</td></tr>\n</table>\n',
		'<form action="/subscribe" method="post">\n  <input type="email" name="email" required>\n  <button>Subscribe</button>\n</form>\n',
		'<head>\n  <meta charset="utf-8">\n  <meta name="viewport" content="width=device-width, initial-scale=1">\n</head>\n',
		'<my-widget data-id="3">\n  <span slot="title">Hi</span>\n</my-widget>\n',
		'<template id="row">\n  <tr><td class="record"></td></tr>\n</template>\n',
		'<!doctype html>\n<title>Minimal</title>\n<p>Text</p>\n',
		'<img src="/logo.png" alt="Logo" width="120">\n',
		'<section>\n  <h2>About</h2>\n  <p>We build tools.</p>\n</section>\n',
	],
	xml: [
		samples.xml,
		'<?xml version="1.0" encoding="UTF-8"?>\n<note>\n  <to>Tove</to>\n  <from>Jani</from>\n</note>\n',
		'<project xmlns="http://maven.apache.org/POM/4.0.0">\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>com.example</groupId>\n</project>\n',
		'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">\n  <path d="M12 2L2 7l10 5 10-5-10-5z"/>\n</svg>\n',
		'<rss version="2.0">\n  <channel>\n    <title>News</title>\n  </channel>\n</rss>\n',
		'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>https://example.com/</loc></url>\n</urlset>\n',
		'<configuration>\n  <appSettings>\n    <add key="env" value="prod" />\n  </appSettings>\n</configuration>\n',
		'<!DOCTYPE note SYSTEM "Note.dtd">\n<note><to>Tove</to></note>\n',
		'<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope">\n  <soap:Body/>\n</soap:Envelope>\n',
		'<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">\n  <xsl:template match="/"/>\n</xsl:stylesheet>\n',
		'<plist version="1.0">\n<dict>\n  <key>CFBundleName</key>\n  <string>App</string>\n</dict>\n</plist>\n',
		'<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example">\n</manifest>\n',
		'<!-- books -->\n<catalog>\n  <book id="bk101"><author>Gambardella</author></book>\n</catalog>\n',
	],
	json: [
		samples.json,
		'{\n  "name": "toolsite",\n  "private": true,\n  "scripts": { "dev": "vite" }\n}\n',
		'[{"id":1,"name":"Ann"},{"id":2,"name":"Bob"}]',
		'{"a":{"b":{"c":[1,2,{"d":null}]}}}',
		'[1, 2, 3]',
		'{}',
		'{"greeting": "\\u00e9t\\u00e9", "emoji": "😀"}',
		bigJson,
		'{\n  "type": "FeatureCollection",\n  "features": [\n    { "type": "Feature", "geometry": { "type": "Point", "coordinates": [102.0, 0.5] } }\n  ]\n}\n',
		'[\n  "a",\n  "b"\n]\n',
		'{"small": 1e-7, "large": -2.5E+10, "int": 0}',
		'{\n  "autoload": { "psr-4": { "App\\\\": "src/" } },\n  "homepage": "https:\\/\\/example.com"\n}\n',
	],
	sql: [
		samples.sql,
		"INSERT INTO users (name, email) VALUES ('Ann', 'ann@example.com');\n",
		"UPDATE products SET price = price * 1.1 WHERE category = 'books';\n",
		'DELETE FROM sessions WHERE expires_at < now();\n',
		'CREATE TABLE orders (\n  id serial PRIMARY KEY,\n  total numeric(10, 2) NOT NULL\n);\n',
		'WITH recent AS (\n  SELECT * FROM orders WHERE created_at > now() - interval \'7 days\'\n)\nSELECT count(*) FROM recent;\n',
		'ALTER TABLE users ADD COLUMN last_login timestamptz;\n',
		'DROP TABLE IF EXISTS temp_import;\n',
		'-- find active users\nSELECT id FROM users WHERE active;\n',
		'/* indexes */\nCREATE INDEX idx_orders_user ON orders (user_id);\n',
		'select * from t where a = 1',
		"CREATE OR REPLACE FUNCTION add(a integer, b integer) RETURNS integer AS $$\n  SELECT a + b\n$$ LANGUAGE sql;\n",
		'BEGIN;\nUPDATE accounts SET balance = balance - 100 WHERE id = 1;\nCOMMIT;\n',
		'GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader;\n',
		'TRUNCATE TABLE logs;\n',
	],
}

describe('detectLanguage', () => {
	for (const [language, inputs] of Object.entries(cases)) {
		test(`${language}: ${inputs.length} samples`, () => {
			expect(inputs.length).toBeGreaterThanOrEqual(12)
			for (const input of inputs) expect(detectLanguage(input), input.slice(0, 80)).toBe(language)
		})
	}

	test('a byte order mark and leading whitespace are skipped', () => {
		expect(detectLanguage('\ufeff  \n{"a": 1}')).toBe('json')
		expect(detectLanguage('\n\n  <?xml version="1.0"?><a/>')).toBe('xml')
	})

	test('JSON longer than the sample is judged on its start', () => {
		expect(bigJson.length).toBeGreaterThan(DETECTION_SAMPLE)
		expect(detectLanguage(bigJson)).toBe('json')
		// Broken within the sample: not JSON.
		expect(detectLanguage('{"a": 1,, "b": 2}')).toBe('javascript')
	})

	test('JavaScript blocks and CSS attribute selectors starting with { or [ are not JSON', () => {
		expect(detectLanguage('{\n  let a = 1\n}\n')).toBe('javascript')
		expect(detectLanguage('[data-theme="dark"] body {\n  background: #111;\n}\n')).toBe('css')
	})

	test.each([
		['opening parentheses', '('.repeat(100_000)],
		['letters', 'a'.repeat(100_000)],
		['angle brackets', '<'.repeat(100_000)],
		['braces', '{'.repeat(100_000)],
		['JSON keys', '{"a":'.repeat(20_000)],
		['spaces before a colon', 'a' + ' '.repeat(100_000) + ':'],
		['colons and spaces', ': '.repeat(50_000)],
		['type annotations', 'x: string '.repeat(10_000)],
		['brackets in selectors', '['.repeat(50_000) + ']'.repeat(50_000)],
		['spaces in a generic', 'f<' + ' '.repeat(100_000)],
		['SQL keywords', 'WITH '.repeat(20_000)],
		['comments', '/*'.repeat(50_000)],
		['whitespace runs', 'type X ' + ' \t'.repeat(50_000) + '='],
	])('pathological input (%s) is classified quickly', (_name, input) => {
		// Detection only reads the first 4 KB, and its patterns are linear: each call is instant.
		expect(detectLanguage(input)).toMatch(/^(javascript|typescript|css|html|json|xml|sql)$/)
	})
})
