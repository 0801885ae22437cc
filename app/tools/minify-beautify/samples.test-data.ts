/** Real-looking samples for the Minify & Beautify tests, one per language. */
export const samples = {
	javascript: `/*! mylib v1.2.3 | MIT License */
'use strict'
// Compute totals for an order.
function total(items, taxRate = 0.2) {
  const subtotal = items.reduce((sum, item) => sum + item.price * item.quantity, 0)
  return Math.round(subtotal * (1 + taxRate) * 100) / 100
}
const closing = "</script>"
module.exports = { total, closing }
`,
	jsx: `import { useState } from 'react'

export function Counter({ start = 0 }) {
  const [count, setCount] = useState(start)
  return (
    <div className="counter">
      <button onClick={() => setCount(count + 1)}>Clicked {count} times</button>
    </div>
  )
}
`,
	typescript: `enum Color { Red, Green = 'green', Blue = 4 }

interface Shape<T extends object = {}> {
  readonly id: string
  meta?: T
}

function first<T>(items: Array<T>): T | undefined {
  return items[0]
}

@sealed
class Circle implements Shape {
  constructor(public readonly id: string, private radius: number) {}
  area(): number { return Math.PI * this.radius ** 2 }
}

export const colors = [Color.Red, Color.Blue] as const
`,
	css: `/*! theme.css | MIT */
:root {
  --brand: #FF0000;
}

.card {
  margin: 0px 0px 10px 0px;
  color: var(--brand);

  & .title { font-weight: bold; }
}

@media (min-width: 768px) {
  .card { padding: 20px; }
}
`,
	html: `<!DOCTYPE html>
<html lang="en">
  <head>
    <title>Demo</title>
    <style>
      body { margin: 0;   font-family: sans-serif; }
    </style>
  </head>
  <body>
    <!-- a comment -->
    <p class="lead">Hello,   <b>world</b>!</p>
    <script>
      /*! app.js | MIT */
      document.querySelector('.lead').addEventListener('click', function () { alert("hi") })
    </script>
  </body>
</html>
`,
	xml: `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
  <!-- entries -->
  <entry>
    <title>First post</title>
    <media:thumbnail url="https://example.com/a.png" />
    <content type="html"><![CDATA[<p>Hello   <b>world</b></p>]]></content>
    <empty></empty>
  </entry>
</feed>
`,
	sql: `-- monthly report
SELECT u.id, u.name, count(o.id) AS orders
FROM users u
LEFT JOIN orders o ON o.user_id = u.id /* only paid */ AND o.status = 'paid -- not a comment /* nor this */'
WHERE u.created_at >= '2024-01-01'
GROUP BY u.id, u.name
ORDER BY orders DESC;
`,
	json: `{"name":"demo","version":"1.0.0","price":1.50,"big":12345678901234567890,"exp":1E5,"tags":["a","b"],"nested":{"empty":{},"list":[]},"html":"</script>"}`,
}
