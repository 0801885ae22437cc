import { defineToolContent } from '#app/tools/kit/content.ts'

export const content = defineToolContent({
	slug: 'meta-tag-generator',
	howTo: {
		title: 'How to write a page’s meta tags',
		steps: [
			'Type the page’s title and description, and its canonical URL: the one address search engines should index.',
			'Choose how search engines may treat the page (index or noindex, follow or nofollow, and the extras).',
			'Add the social details: the image shown when the page is shared (1200 × 630 px), its alt text, the site name and your X handle.',
			'Tick the structured data that fits the page (Article, Product, FAQ, Organization, Breadcrumbs) and fill in its fields.',
			'Check the Google, Facebook/LinkedIn and X previews and the warnings, then copy the <head> block or download it as an .html file.',
		],
	},
	examples: [
		{
			title: 'A blog post with breadcrumbs',
			input: 'How We Fire Our Ceramic Mugs Twice | Clay & Co',
			options: {
				description: 'From wet clay to a mug that survives the dishwasher: the two kiln firings, the glaze we use and why each mug takes three weeks to make.',
				canonical: 'https://clay.example/blog/firing-mugs',
				siteName: 'Clay & Co',
				ogType: 'article',
				locale: 'en_GB',
				ogImage: 'https://clay.example/img/kiln.jpg',
				ogImageAlt: 'Mugs stacked in an open kiln',
				twitterSite: '@clayandco',
				maxImagePreview: 'large',
				article: true,
				articleType: 'BlogPosting',
				articleAuthor: 'Ana Costa',
				articlePublished: '2026-11-02',
				breadcrumbs: true,
				breadcrumbItems: 'Home | https://clay.example/\nBlog | https://clay.example/blog\nHow we fire our mugs',
			},
			note: 'A BlogPosting and a BreadcrumbList in JSON-LD, og:type article with its publication date, and a large image card on X.',
		},
		{
			title: 'A product page',
			input: 'Blue Ceramic Mug, 350 ml',
			options: {
				description: 'Hand-thrown stoneware mug in cobalt blue glaze. Holds 350 ml, dishwasher and microwave safe. Ships in 2 days.',
				canonical: 'https://clay.example/shop/blue-mug',
				siteName: 'Clay & Co',
				ogType: 'product',
				ogImage: 'https://clay.example/img/blue-mug.jpg',
				product: true,
				productBrand: 'Clay & Co',
				productSku: 'MUG-BLUE-350',
				productPrice: '24.50',
				productCurrency: 'EUR',
				productRating: '4.8',
				productReviewCount: '37',
			},
			note: 'Product markup with an offer and a rating; the price also goes into Facebook’s product:price tags.',
		},
		{
			title: 'Hostile input is only ever text',
			input: '"><script>alert(1)</script>',
			options: { description: '</script><script>alert(2)</script>', faq: true, faqItems: 'Q: </script><script>alert(3)</script>\nA: It stays text.' },
			note: 'Quotes and angle brackets become &quot; &lt; &gt; in the tags, and \\u003c \\u003e in the JSON-LD, so nothing typed can run.',
		},
	],
	faq: [
		{
			question: 'How does the Google preview decide where to cut?',
			answer:
				'Google cuts by width, not by characters: a title shows up to about 600 pixels in 20 px Arial on a computer, a description about 920 pixels on a computer and 680 on a phone in 14 px Arial. The tool measures your text with Arial’s own letter widths (a W is four times as wide as an i; Chinese, Japanese and Korean characters and emoji count as a full square; accents add nothing) and cuts at the last whole word that fits, as Google does, ending in “...”. These limits are measured by SEO tools, not published by Google, and Google may rewrite a title or description anyway.',
		},
		{
			question: 'Why are there no twitter:title, twitter:description and twitter:image tags?',
			answer:
				'Because X reads og:title, og:description and og:image when its own tags are missing, so they would repeat what is already there. The block has what only X understands: the card type, your site’s and the author’s handles, and the image’s alt text.',
		},
		{
			question: 'Which structured data should I add?',
			answer:
				'The one that describes the page: Article (or BlogPosting, NewsArticle) for posts and news, Product for a product page (with a price or a rating, or Google will not show it), Organization once, usually on the home page, and Breadcrumbs wherever the page sits in a hierarchy. You can tick several. FAQ markup is still valid schema.org, but since 2023 Google shows FAQ results only for well-known government and health sites.',
		},
		{
			question: 'Why is my image not shown in the previews?',
			answer:
				'The previews never load the image: this site’s security policy lets pages show images from this site only, and our server never fetches the addresses you type. The card shows where the image goes and its address; check the picture itself by opening its URL.',
		},
		{
			question: 'Is what I type safe in the output?',
			answer:
				'Yes. Everything is escaped: quotes, ampersands and angle brackets become &quot; &amp; &lt; &gt; inside the tags, and the JSON-LD is written with \\u003c for < (and the like for > and &), so a title like "><script> or </script> stays text. Addresses that are not full http or https URLs (javascript:, relative paths) are left out, with a warning.',
		},
		{
			question: 'Is my text sent to a server?',
			answer:
				'Not while JavaScript is on: the tags are made in your browser as you type. Without JavaScript, pressing Generate sends the form to our server, which answers with the tags and keeps nothing.',
		},
	],
	api: {
		input: 'Blue Ceramic Mug, 350 ml',
		options: {
			description: 'Hand-thrown stoneware mug in cobalt blue glaze, dishwasher safe.',
			canonical: 'https://clay.example/shop/blue-mug',
			ogImage: 'https://clay.example/img/blue-mug.jpg',
			product: true,
			productPrice: '24.50',
			productCurrency: 'EUR',
		},
		note: 'input is the page title; options are the other fields (description, canonical, robotsIndex, ogImage, twitterCard, article, product… all listed in the README). The answer adds warnings (field, level, message), previews (google with the cut title and descriptions, facebook, x) and jsonLd; output is the whole <head> block.',
	},
})
