import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import {
	caseLocaleIds,
	caseModeIds,
	caseModes,
	convertAll,
	convertCase,
	core,
	MAX_ALL_INPUT_BYTES,
	textCounts,
	titleStyleIds,
	getCaseMode,
	isCaseMode,
	splitWords,
	textStats,
	type CaseMode,
} from './core.ts'
import { countCodePoints } from '#app/tools/shared/text.ts'

describe('caseModes', () => {
	test('lists every mode once, in the order of caseModeIds', () => {
		expect(caseModes.map((mode) => mode.id)).toEqual([...caseModeIds])
		expect(caseModes).toHaveLength(15)
	})

	test('each example is "the quick brown fox…" converted by its own mode (inverse from Title Case)', () => {
		for (const mode of caseModes) {
			const source =
				mode.id === 'sentence'
					? 'the quick brown fox. it jumps.'
					: mode.id === 'inverse'
						? 'The Quick Brown Fox'
						: mode.example.includes('Woods')
							? 'the quick brown fox of the woods'
							: 'the quick brown fox'
			expect(convertCase(source, mode.id), mode.id).toBe(mode.example)
		}
	})

	test('isCaseMode accepts the ids only', () => {
		expect(isCaseMode('camel')).toBe(true)
		expect(isCaseMode('Camel')).toBe(false)
		expect(isCaseMode('toString')).toBe(false)
		expect(isCaseMode(undefined)).toBe(false)
		expect(getCaseMode('kebab').label).toBe('kebab-case')
	})
})

describe('prose cases', () => {
	test('upper and lower case', () => {
		expect(convertCase('Hello, World! 42 times.', 'upper')).toBe('HELLO, WORLD! 42 TIMES.')
		expect(convertCase('Hello, World! 42 TIMES.', 'lower')).toBe('hello, world! 42 times.')
	})

	test('Title Case keeps small words lower except at the start and end', () => {
		expect(convertCase('the lord of the rings', 'title')).toBe('The Lord of the Rings')
		expect(convertCase('a tale of two cities', 'title')).toBe('A Tale of Two Cities')
		expect(convertCase('what are you looking for', 'title')).toBe('What Are You Looking For')
		expect(convertCase('THE WIND IN THE WILLOWS', 'title')).toBe('The Wind in the Willows')
		expect(convertCase('pride and prejudice by jane austen', 'title')).toBe('Pride and Prejudice by Jane Austen')
	})

	test('Title Case capitalises small words after a colon or dash, and inside hyphenated words stays Chicago-style', () => {
		expect(convertCase('star wars: a new hope', 'title')).toBe('Star Wars: A New Hope')
		expect(convertCase('the guide - a short one', 'title')).toBe('The Guide - A Short One')
		expect(convertCase('a step-by-step guide to the web', 'title')).toBe('A Step-by-Step Guide to the Web')
	})

	test('Title Case keeps acronyms and names with inner capitals in mixed-case text', () => {
		expect(convertCase('how to use the GitHub API with NASA data', 'title')).toBe('How to Use the GitHub API With NASA Data')
		expect(convertCase('why the iPhone sold', 'title')).toBe('Why the iPhone Sold')
		expect(convertCase('calling parseHTTPResponse and XMLHttpRequest', 'title')).toBe('Calling parseHTTPResponse and XMLHttpRequest')
		expect(convertCase('calling parseHTTPResponse', 'capitalized')).toBe('Calling parseHTTPResponse')
		// Inverse or alternating text is not mistaken for names.
		expect(convertCase('tHE lORD oF tHE rINGS', 'title')).toBe('The Lord of the Rings')
		expect(convertCase('tHe LoRd Of ThE rInGs', 'title')).toBe('The Lord of the Rings')
	})

	test('Title Case treats each line as a title', () => {
		expect(convertCase('the end of the road\nin the beginning', 'title')).toBe('The End of the Road\nIn the Beginning')
	})

	test('Sentence case: first letter of each sentence and line, the word I, rest lower', () => {
		expect(convertCase('HELLO THERE. HOW ARE YOU? I AM FINE! THANKS', 'sentence')).toBe('Hello there. How are you? I am fine! Thanks')
		expect(convertCase("yesterday i said i'm tired. i've slept since", 'sentence')).toBe("Yesterday I said I'm tired. I've slept since")
		expect(convertCase('first line\nsecond line', 'sentence')).toBe('First line\nSecond line')
		expect(convertCase('"quoted start." (then a bracket.) next', 'sentence')).toBe('"Quoted start." (Then a bracket.) Next')
	})

	test('Sentence case does not end a sentence at e.g. or i.e., and leaves words like "it" alone', () => {
		expect(convertCase('fruit, e.g. apples, is good. it is.', 'sentence')).toBe('Fruit, e.g. apples, is good. It is.')
		expect(convertCase('ice is cold', 'sentence')).toBe('Ice is cold')
	})

	test('Sentence case keeps names with inner capitals but lowers words in capitals', () => {
		expect(convertCase('I PUSHED IT TO GitHub TODAY', 'sentence')).toBe('I pushed it to GitHub today')
	})

	test('Capitalize Each Word capitalises every word, small ones too', () => {
		expect(convertCase('the lord of the rings', 'capitalized')).toBe('The Lord Of The Rings')
		expect(convertCase("DON'T STOP ME NOW", 'capitalized')).toBe("Don't Stop Me Now")
		expect(convertCase('3d models and 2nd place', 'capitalized')).toBe('3d Models And 2nd Place')
	})

	test('aLtErNaTiNg counts letters only', () => {
		expect(convertCase('alternating case', 'alternating')).toBe('aLtErNaTiNg CaSe')
		expect(convertCase('Hi, you!', 'alternating')).toBe('hI, yOu!')
	})

	test('iNVERSE swaps every cased letter', () => {
		expect(convertCase('Hello World', 'inverse')).toBe('hELLO wORLD')
		expect(convertCase('hELLO wORLD 123', 'inverse')).toBe('Hello World 123')
	})
})

describe('programming cases', () => {
	const cases: Array<[CaseMode, string]> = [
		['camel', 'userProfileImageUrl'],
		['pascal', 'UserProfileImageUrl'],
		['snake', 'user_profile_image_url'],
		['constant', 'USER_PROFILE_IMAGE_URL'],
		['kebab', 'user-profile-image-url'],
		['dot', 'user.profile.image.url'],
		['path', 'user/profile/image/url'],
	]
	test.each(cases)('%s from prose, from another case and from mixed separators', (mode, expected) => {
		expect(convertCase('User profile image URL', mode)).toBe(expected)
		expect(convertCase('userProfileImageURL', mode)).toBe(expected)
		expect(convertCase('user_profile-image.URL', mode)).toBe(expected)
		expect(convertCase('  USER_PROFILE_IMAGE_URL  ', mode)).toBe(expected)
		expect(convertCase('User/Profile: image (url)!', mode)).toBe(expected)
	})

	test('acronyms split where the next word starts', () => {
		expect(splitWords('parseHTTPResponse')).toEqual(['parse', 'HTTP', 'Response'])
		expect(splitWords('XMLHttpRequest')).toEqual(['XML', 'Http', 'Request'])
		expect(splitWords('getURL')).toEqual(['get', 'URL'])
		expect(convertCase('parseHTTPResponse', 'snake')).toBe('parse_http_response')
		expect(convertCase('XMLHttpRequest', 'camel')).toBe('xmlHttpRequest')
		expect(convertCase('IOError', 'kebab')).toBe('io-error')
	})

	test('digits stay with the word before them; a capital after a digit starts a new word', () => {
		expect(splitWords('base64Encode')).toEqual(['base64', 'Encode'])
		expect(splitWords('utf8 to HTML5')).toEqual(['utf8', 'to', 'HTML5'])
		expect(convertCase('base64Encode', 'snake')).toBe('base64_encode')
		expect(convertCase('version 1.2.10', 'snake')).toBe('version_1_2_10')
		expect(convertCase('2nd place winner', 'camel')).toBe('2ndPlaceWinner')
		expect(convertCase('HTTP2Server', 'kebab')).toBe('http2-server')
	})

	test('apostrophes inside words disappear instead of splitting', () => {
		expect(convertCase("don't stop", 'snake')).toBe('dont_stop')
		expect(convertCase('it’s fine', 'camel')).toBe('itsFine')
	})

	test('punctuation-only and empty lines give empty lines', () => {
		expect(convertCase('--- !!! ---', 'kebab')).toBe('')
		expect(convertCase('', 'camel')).toBe('')
	})

	test('each line is converted on its own and line breaks are kept', () => {
		expect(convertCase('first name\nlast name\n\nemail address', 'camel')).toBe('firstName\nlastName\n\nemailAddress')
		expect(convertCase('first name\r\nlast name\r\n', 'constant')).toBe('FIRST_NAME\r\nLAST_NAME\r\n')
		expect(convertCase('Max Width\rMin Height', 'kebab')).toBe('max-width\rmin-height')
	})
})

describe('Unicode', () => {
	test('accented letters are letters', () => {
		expect(convertCase('élève café', 'upper')).toBe('ÉLÈVE CAFÉ')
		expect(convertCase('Crème Brûlée recipe', 'snake')).toBe('crème_brûlée_recipe')
		expect(convertCase('crème brûlée', 'pascal')).toBe('CrèmeBrûlée')
		expect(splitWords('naïveÉtude')).toEqual(['naïve', 'Étude'])
		expect(convertCase('école', 'title')).toBe('École')
	})

	test('decomposed accents (combining marks) stay on their letters', () => {
		const decomposed = 'Cafe\u0301 Ole\u0301'
		expect(convertCase(decomposed, 'kebab')).toBe('cafe\u0301-ole\u0301')
		expect(convertCase(decomposed, 'camel')).toBe('cafe\u0301Ole\u0301')
	})

	test('ß upper-cases to SS without breaking anything', () => {
		expect(convertCase('straße', 'upper')).toBe('STRASSE')
		expect(convertCase('Große Straße', 'constant')).toBe('GROSSE_STRASSE')
		expect(convertCase('große straße', 'pascal')).toBe('GroßeStraße')
		expect(convertCase('straße', 'inverse')).toBe('STRASSE')
		expect(convertCase('ßa', 'alternating')).toBe('ßA')
		// Unicode's title case of ß is Ss (SpecialCasing.txt), as a word's first letter.
		expect(convertCase('ß', 'capitalized')).toBe('Ss')
	})

	test('Greek, with the final sigma', () => {
		expect(convertCase('ΟΔΟΣ ΚΑΙ ΠΟΛΗ', 'lower')).toBe('οδος και πολη')
		expect(convertCase('ΟΔΟΣ ΚΑΙ ΠΟΛΗ', 'kebab')).toBe('οδος-και-πολη')
		expect(convertCase('ΟΔΟΣ ΚΑΙ ΠΟΛΗ', 'dot')).toBe('οδος.και.πολη')
		expect(convertCase('ΟΔΟΣ', 'inverse')).toBe('οδος')
		expect(convertCase('καλημέρα κόσμε', 'title')).toBe('Καλημέρα Κόσμε')
		expect(convertCase('καλημέρα κόσμε', 'camel')).toBe('καλημέραΚόσμε')
	})

	test('CJK has no case and passes through', () => {
		expect(convertCase('日本語のテキスト', 'upper')).toBe('日本語のテキスト')
		expect(convertCase('中文 text 测试', 'title')).toBe('中文 Text 测试')
		expect(convertCase('中文 text 测试', 'snake')).toBe('中文_text_测试')
		expect(convertCase('中文 text 测试', 'inverse')).toBe('中文 TEXT 测试')
		expect(splitWords('日本語Text')).toEqual(['日本語', 'Text'])
	})

	test('emoji pass through unchanged, whole (ZWJ sequences, skin tones, flags, keycaps)', () => {
		const emoji = 'I ❤️ JS 👍🏽 👨‍👩‍👧 🇫🇷 1️⃣'
		for (const mode of ['upper', 'lower', 'title', 'capitalized', 'inverse'] as const) {
			expect(convertCase(emoji, mode)).toContain('❤️ ')
			expect(convertCase(emoji, mode)).toContain('👍🏽 👨‍👩‍👧 🇫🇷 1️⃣')
		}
		expect(convertCase(emoji, 'kebab')).toBe('i-❤️-js-👍🏽-👨‍👩‍👧-🇫🇷-1️⃣')
		expect(convertCase('launch 🚀 now', 'camel')).toBe('launch🚀Now')
		expect(convertCase('hello😀world', 'snake')).toBe('hello_😀_world')
	})
})

describe('textStats', () => {
	test('empty input', () => {
		expect(textStats('')).toEqual({ characters: 0, words: 0, lines: 0 })
	})

	test('counts code points, words and lines', () => {
		expect(textStats('Hello world')).toEqual({ characters: 11, words: 2, lines: 1 })
		expect(textStats('one\ntwo three\n')).toEqual({ characters: 14, words: 3, lines: 3 })
		expect(textStats('a\r\nb')).toEqual({ characters: 4, words: 2, lines: 2 })
	})

	test('an emoji outside the BMP is one character, not two', () => {
		expect('😀'.length).toBe(2)
		expect(textStats('😀').characters).toBe(1)
		expect(textStats('I 😀 it').words).toBe(3)
		expect(countCodePoints('a😀b')).toBe(3)
		// A lone surrogate is still one.
		expect(countCodePoints('\ud83d')).toBe(1)
	})

	test('punctuation alone is not a word', () => {
		expect(textStats('well - then ...').words).toBe(2)
	})
})

describe('limits and large input', () => {

	test('1 MB of mixed text converts in every mode without throwing', () => {
		const line = 'The quick brown fox parseHTTPResponse ünïcödé straße ΟΔΟΣ 日本 😀 don’t stop!\n'
		const big = line.repeat(Math.ceil(1_000_000 / line.length))
		expect(big.length).toBeGreaterThanOrEqual(1_000_000)
		for (const mode of caseModeIds) {
			const out = convertCase(big, mode)
			expect(out.length, mode).toBeGreaterThan(0)
			expect(out.split('\n').length, mode).toBe(big.split('\n').length)
		}
		expect(textStats(big).lines).toBe(big.split('\n').length)
	}, 60_000)

	test('one 1 MB line with no spaces converts without throwing', () => {
		const big = 'aB'.repeat(500_000)
		// a, Ba × 499,999, B: 500,001 words joined by 500,000 underscores.
		expect(convertCase(big, 'snake')).toHaveLength(1_500_000)
		expect(convertCase(big, 'title').length).toBe(1_000_000)
	}, 30_000)
})

describe('public vectors (change-case and to-title-case, tests/fixtures/suites/change-case-vectors.json)', () => {
	type Vector = { input: string; mode?: CaseMode; expected: string; source: string }
	// A copy of ../shared/suites/change-case-vectors.json kept in the repository, so a clean clone runs it too.
	const vectors = JSON.parse(readFileSync(new URL('../../../tests/fixtures/suites/change-case-vectors.json', import.meta.url), 'utf8')) as {
		programmer: Array<Vector & { mode: CaseMode }>
		title: Array<Vector>
	}

	/**
	 * Where we differ on purpose, with our answer.
	 *
	 * camelCase and PascalCase, number groups: change-case puts an underscore
	 * before every word that starts with a digit (version_1_2_10, x_256,
	 * foo_13Bar). We add one only where two groups of digits would otherwise run
	 * together (version1_2_10); a digit after a letter reads as one name
	 * (x256, foo13Bar, like base64Encode), which is how such names are written.
	 */
	const programmerDifferences: Record<string, string> = {
		'version 1.2.10 camel': 'version1_2_10',
		'version 1.2.10 pascal': 'Version1_2_10',
		'version 1.21.0 camel': 'version1_21_0',
		'version 1.21.0 pascal': 'Version1_21_0',
		'version 0.45.0 camel': 'version0_45_0',
		'version 0.45.0 pascal': 'Version0_45_0',
		'version 0..78..9 camel': 'version0_78_9',
		'version 0..78..9 pascal': 'Version0_78_9',
		'version 4_99/4 camel': 'version4_99_4',
		'version 4_99/4 pascal': 'Version4_99_4',
		'testString_1_2_3 camel': 'testString1_2_3',
		'testString_1_2_3 pascal': 'TestString1_2_3',
		'x_256 camel': 'x256',
		'x_256 pascal': 'X256',
		'snake_case_123 camel': 'snakeCase123',
		'snake_case_123 pascal': 'SnakeCase123',
		'čūska_case_123 camel': 'čūskaCase123',
		'čūska_case_123 pascal': 'ČūskaCase123',
		'something_2014_other camel': 'something2014Other',
		'something_2014_other pascal': 'Something2014Other',
		'foo_13_bar camel': 'foo13Bar',
		'foo_13_bar pascal': 'Foo13Bar',
	}

	/**
	 * Title Case, run with our default style (APA 7). to-title-case has one
	 * list of small words; the style guides do not lower these:
	 * - "that" is a pronoun or conjunction of four letters: every guide capitalises it;
	 * - "over" and "upon" have four letters: APA and AP capitalise them (Chicago and MLA, which lower every preposition, agree with the vector);
	 * - "vs." and "v." are lower case in every guide, with or without the full stop.
	 */
	const titleDifferences: Record<string, string> = {
		'keep that colo(u)r': 'Keep That Colo(u)r',
		'this vs. that': 'This vs. That',
		'this v. that': 'This v. That',
		'the quick brown fox jumps over the lazy dog': 'The Quick Brown Fox Jumps Over the Lazy Dog',
		'newcastle upon tyne': 'Newcastle Upon Tyne',
		'newcastle *upon* tyne': 'Newcastle *Upon* Tyne',
	}

	test('programmer cases: 280 of 302 as change-case, the 22 others are its number groups in camelCase and PascalCase', () => {
		let same = 0
		for (const vector of vectors.programmer) {
			const key = `${vector.input} ${vector.mode}`
			const expected = programmerDifferences[key] ?? vector.expected
			expect(convertCase(vector.input, vector.mode), `${key} (${vector.source})`).toBe(expected)
			if (expected === vector.expected) same++
		}
		expect(vectors.programmer).toHaveLength(302)
		expect(same).toBe(302 - Object.keys(programmerDifferences).length)
	})

	test('Title Case: 84 of 90 as to-title-case, the 6 others follow the style guide', () => {
		let same = 0
		for (const vector of vectors.title) {
			const expected = titleDifferences[vector.input] ?? vector.expected
			expect(convertCase(vector.input, 'title'), vector.input).toBe(expected)
			if (expected === vector.expected) same++
		}
		expect(vectors.title).toHaveLength(90)
		expect(same).toBe(84)
		// Chicago lowers every preposition, as the vector does.
		expect(convertCase('newcastle upon tyne', 'title', { style: 'chicago' })).toBe('Newcastle upon Tyne')
		expect(convertCase('the quick brown fox jumps over the lazy dog', 'title', { style: 'mla' })).toBe('The Quick Brown Fox Jumps over the Lazy Dog')
	})
})

describe('Title Case style guides', () => {
	const title = (input: string, style: (typeof titleStyleIds)[number]) => convertCase(input, 'title', { style })

	test('APA and AP capitalise words of four letters or more; Chicago and MLA lower every preposition', () => {
		const input = 'a walk through the woods with friends from home'
		expect(title(input, 'apa')).toBe('A Walk Through the Woods With Friends From Home')
		expect(title(input, 'ap')).toBe('A Walk Through the Woods With Friends From Home')
		expect(title(input, 'chicago')).toBe('A Walk through the Woods with Friends from Home')
		expect(title(input, 'mla')).toBe('A Walk through the Woods with Friends from Home')
	})

	test('short conjunctions: APA lowers if, so and yet; AP capitalises them; MLA lowers so and yet; Chicago capitalises them', () => {
		const input = 'small yet mighty so what if it rains'
		expect(title(input, 'apa')).toBe('Small yet Mighty so What if It Rains')
		expect(title(input, 'ap')).toBe('Small Yet Mighty So What If It Rains')
		expect(title(input, 'chicago')).toBe('Small Yet Mighty So What If It Rains')
		expect(title(input, 'mla')).toBe('Small yet Mighty so What If It Rains')
	})

	test('every guide: first and last word, the word after a colon, and the first part of a compound', () => {
		for (const style of titleStyleIds) {
			expect(title('of mice and men: a study of', style), style).toBe('Of Mice and Men: A Study Of')
			expect(title('start on-demand end', style), style).toBe('Start On-Demand End')
			expect(title('a step-by-step guide', style), style).toBe('A Step-by-Step Guide')
			expect(title('the go-to', style), style).toBe('The Go-To')
		}
	})

	test('acronyms stay unless asked otherwise; text in capitals throughout is not full of acronyms', () => {
		expect(convertCase('the NASA and HTTP story', 'title')).toBe('The NASA and HTTP Story')
		expect(convertCase('the NASA and HTTP story', 'title', { keepAcronyms: false })).toBe('The Nasa and Http Story')
		expect(convertCase('NASA launched it', 'sentence', { keepAcronyms: false })).toBe('Nasa launched it')
		expect(convertCase('THE NASA STORY', 'title')).toBe('The Nasa Story')
		// Names with inner capitals are not acronyms and always stay.
		expect(convertCase('why the iPhone sold', 'title', { keepAcronyms: false })).toBe('Why the iPhone Sold')
	})
})

describe('defects found against the vectors (issue 16)', () => {
	test('URLs, e-mail addresses, file paths and acronyms pass through every prose case unchanged', () => {
		const text = 'read https://github.com/User/Repo, mail Bob@Example.com, open /usr/Local/bin or C:\\Users\\Me\\Notes.txt at NASA'
		expect(convertCase(text, 'title')).toBe('Read https://github.com/User/Repo, Mail Bob@Example.com, Open /usr/Local/bin or C:\\Users\\Me\\Notes.txt at NASA')
		expect(convertCase(text, 'capitalized')).toBe('Read https://github.com/User/Repo, Mail Bob@Example.com, Open /usr/Local/bin Or C:\\Users\\Me\\Notes.txt At NASA')
		expect(convertCase(text, 'sentence')).toBe('Read https://github.com/User/Repo, mail Bob@Example.com, open /usr/Local/bin or C:\\Users\\Me\\Notes.txt at NASA')
		expect(convertCase('NASA said so. see www.Example.org/A (src/App.tsx).', 'sentence')).toBe('NASA said so. See www.Example.org/A (src/App.tsx).')
	})

	test('Q&A, colo(u)r and e.g. keep their inner letters', () => {
		expect(convertCase('Q&A: what you need to know', 'title')).toBe('Q&A: What You Need to Know')
		expect(convertCase('colo(u)r, e.g. paint', 'title')).toBe('Colo(u)r, E.g. Paint')
		expect(convertCase('colo(u)r, e.g. paint', 'capitalized')).toBe('Colo(u)r, E.g. Paint')
		expect(convertCase('COLO(U)R, E.G. PAINT AT&T', 'title')).toBe('Colo(u)r, E.g. Paint At&T')
	})

	test('Sentence case: a capital after a quoted sentence end', () => {
		expect(convertCase('she said "stop." then he left', 'sentence')).toBe('She said "stop." Then he left')
		expect(convertCase('he asked “why?” nobody knew', 'sentence')).toBe('He asked “why?” Nobody knew')
	})

	test('Unicode title case: ǆ → ǅ, ﬁ → Fi', () => {
		expect(convertCase('ǆemal ﬁrst', 'title')).toBe('ǅemal First')
		expect(convertCase('ǆemal ﬁrst', 'capitalized')).toBe('ǅemal First')
		expect(convertCase('ǉubljana', 'sentence')).toBe('ǈubljana')
		expect(convertCase('ǆemal', 'pascal')).toBe('ǅemal')
	})
})

describe('identifiers', () => {
	test('HTTPServerError, userID2 and friends', () => {
		expect(convertCase('HTTPServerError', 'snake')).toBe('http_server_error')
		expect(convertCase('userID2', 'snake')).toBe('user_id2')
		expect(convertCase('userID2', 'camel')).toBe('userId2')
		expect(convertCase('getHTTPSUrl', 'train')).toBe('Get-Https-Url')
		// In prose, such names stay as written.
		expect(convertCase('call userID2 and fileURL now', 'title')).toBe('Call userID2 and fileURL Now')
		expect(convertCase('CALL THE userID2 NOW', 'sentence')).toBe('Call the userID2 now')
		expect(convertCase('Hello world', 'train')).toBe('Hello-World')
	})

	test('digits and non-Latin letters are never dropped', () => {
		expect(convertCase('ΚαλημέραΚόσμε 42', 'snake')).toBe('καλημέρα_κόσμε_42')
		expect(convertCase('Привет мир 2024', 'pascal')).toBe('ПриветМир2024')
		expect(convertCase('שלום עולם 7', 'kebab')).toBe('שלום-עולם-7')
		expect(convertCase('مرحبا بالعالم', 'dot')).toBe('مرحبا.بالعالم')
		expect(convertCase('東京 tower 3', 'constant')).toBe('東京_TOWER_3')
	})

	test('per-line off: the whole text is one identifier, and prose lines are wrapped text', () => {
		expect(convertCase('first name\nlast name', 'camel', { perLine: false })).toBe('firstNameLastName')
		expect(convertCase('the end of\nthe road', 'title', { perLine: false })).toBe('The End of\nthe Road')
		expect(convertCase('a sentence that\ngoes on. next one\n\nnew paragraph', 'sentence', { perLine: false })).toBe('A sentence that\ngoes on. Next one\n\nNew paragraph')
		expect(convertCase('a sentence that\ngoes on', 'sentence')).toBe('A sentence that\nGoes on')
	})
})

describe('locales', () => {
	test('Turkish and Azerbaijani dotted and dotless i', () => {
		for (const locale of ['tr', 'az'] as const) {
			expect(convertCase('istanbul ırmak', 'upper', { locale })).toBe('İSTANBUL IRMAK')
			expect(convertCase('İSTANBUL IRMAK', 'lower', { locale })).toBe('istanbul ırmak')
			expect(convertCase('istanbul ırmak', 'title', { locale })).toBe('İstanbul Irmak')
			expect(convertCase('ilk İş', 'constant', { locale })).toBe('İLK_İŞ')
		}
		// Unicode's default: i → I, and İ lowers to i + a combining dot.
		expect(convertCase('istanbul', 'upper')).toBe('ISTANBUL')
		expect(convertCase('İ', 'lower')).toBe('i\u0307')
	})

	test('German ß and the Greek final sigma, in every locale', () => {
		for (const locale of caseLocaleIds) {
			expect(convertCase('straße', 'upper', { locale }), locale).toBe('STRASSE')
			expect(convertCase('ΟΔΟΣ ΣΟΦΟΣ', 'lower', { locale }), locale).toBe('οδος σοφος')
			expect(convertCase('ΟΔΟΣ ΣΟΦΟΣ', 'title', { locale }), locale).toBe('Οδος Σοφος')
		}
		// Greek capitals drop their accents in Greek.
		expect(convertCase('καλημέρα', 'upper', { locale: 'el' })).toBe('ΚΑΛΗΜΕΡΑ')
		expect(convertCase('καλημέρα', 'upper')).toBe('ΚΑΛΗΜΈΡΑ')
	})

	test('Lithuanian keeps the dot of i under an accent', () => {
		expect(convertCase('ĮÌ', 'lower', { locale: 'lt' })).toBe('įi̇̀')
	})
})

describe('counts', () => {
	test('characters, without spaces, words, lines and sentences', () => {
		expect(textCounts('')).toEqual({ characters: 0, charactersWithoutSpaces: 0, words: 0, lines: 0, sentences: 0 })
		expect(textCounts('Hello world. How are you?\nFine, e.g. well')).toEqual({
			characters: 41,
			charactersWithoutSpaces: 34,
			words: 8,
			lines: 2,
			sentences: 3,
		})
		expect(textCounts('a list\nof lines\n\nthen a paragraph')).toMatchObject({ lines: 4, sentences: 2 })
		expect(textCounts('"Quoted." Then (bracketed.) end!')).toMatchObject({ sentences: 3 })
		expect(textCounts('😀 👍🏽')).toMatchObject({ characters: 4, charactersWithoutSpaces: 3, words: 2, sentences: 1 })
	})
})

describe('every case at once', () => {
	test('convertAll answers each mode, as convertCase does', () => {
		const all = convertAll('parse HTTP response')
		expect(Object.keys(all)).toEqual([...caseModeIds])
		for (const mode of caseModeIds) expect(all[mode]).toBe(convertCase('parse HTTP response', mode))
	})

	test('the core: mode "all" answers cases, counts and a text listing; more than 1 MB is refused with the limit', async () => {
		const result = await core.run('hello world', core.optionsSchema.parse({ mode: 'all' }))
		expect(result.cases).toEqual(convertAll('hello world'))
		expect(result.counts).toEqual(textCounts('hello world'))
		expect(result.output).toContain('snake_case\nhello_world\n\nCONSTANT_CASE\nHELLO_WORLD')
		const big = 'a'.repeat(MAX_ALL_INPUT_BYTES + 1)
		expect(() => core.run(big, core.optionsSchema.parse({ mode: 'all' }))).toThrow(/All cases at once takes up to 1 MB of text .*pick one case for up to 10 MB/)
	})
})

describe('bad input in every mode', () => {
	const samples = {
		emoji: '👨‍👩‍👧 family 🇫🇷 flag 1️⃣ keycap 👍🏽 thumbs',
		rtl: 'שלום עולם مرحبا \u202Eevil\u202C text',
		combining: 'Z̵̢a̴l̶g̷o̸ te\u0301xt n\u0303o',
		empty: '',
		spaces: '   \n\t  ',
	}
	test.each(Object.entries(samples))('%s: every mode and style converts without throwing, and keeps what it should', (name, input) => {
		for (const mode of caseModeIds) {
			for (const style of titleStyleIds) {
				const out = convertCase(input, mode, { style })
				expect(typeof out).toBe('string')
				if (name === 'emoji') expect(out, mode).toContain('👨‍👩‍👧')
				if (name === 'rtl') expect(out, mode).toContain('שלום')
				// The combining marks stay on their letters, whatever the case.
				if (name === 'combining') expect(out.toLowerCase(), mode).toMatch(/e\u0301/)
			}
		}
		if (name === 'empty') expect(convertAll(input)).toEqual(Object.fromEntries(caseModeIds.map((mode) => [mode, ''])))
	})
})

describe('mixed-case names (issue 29, item 18)', () => {
	const names = ['iOS', 'macOS', 'iPadOS', 'tvOS', 'iPhone', 'eBay', 'JavaScript', 'McDonald']

	test('every prose case keeps them as written, Keep acronyms on (the default) or off', () => {
		for (const name of names) {
			for (const keepAcronyms of [true, false]) {
				expect(convertCase(`we love ${name} today`, 'title', { keepAcronyms }), name).toBe(`We Love ${name} Today`)
				expect(convertCase(`we love ${name} today`, 'capitalized', { keepAcronyms }), name).toBe(`We Love ${name} Today`)
				expect(convertCase(`we love ${name} today. it works`, 'sentence', { keepAcronyms }), name).toBe(`We love ${name} today. It works`)
				// In text written in capitals too.
				expect(convertCase(`I USE ${name} EVERY DAY`, 'sentence', { keepAcronyms }), name).toBe(`I use ${name} every day`)
			}
			// Alone, and first in a sentence: still as written.
			expect(convertCase(name, 'title'), name).toBe(name)
			expect(convertCase(name, 'sentence'), name).toBe(name)
		}
		expect(convertCase('apps for iOS and macOS on an iPhone', 'title')).toBe('Apps for iOS and macOS on an iPhone')
	})

	test('inverse and alternating text is still recased (its words are not names)', () => {
		expect(convertCase('tHE lORD oF tHE rINGS', 'title')).toBe('The Lord of the Rings')
		expect(convertCase('tHe LoRd Of ThE rInGs', 'title')).toBe('The Lord of the Rings')
		expect(convertCase('hELLO wORLD', 'sentence')).toBe('Hello world')
		expect(convertCase('i lOVE iOS', 'sentence')).toBe('I love ios')
	})

	test('programmer cases: a lower-case letter before capitals (iOS) is one word, not i_os', () => {
		expect(splitWords('iOS')).toEqual(['iOS'])
		expect(convertCase('iOS app', 'snake')).toBe('ios_app')
		expect(convertCase('iOS app', 'kebab')).toBe('ios-app')
		expect(convertCase('iOS app', 'camel')).toBe('iosApp')
		expect(convertCase('iOS app', 'pascal')).toBe('IosApp')
		expect(convertCase('iOS app', 'constant')).toBe('IOS_APP')
		expect(convertCase('iOS app', 'train')).toBe('Ios-App')
		// Identifiers still split where a capitalised word starts: xValue, anHTMLTag, iPhone.
		expect(convertCase('xValue anHTMLTag', 'snake')).toBe('x_value_an_html_tag')
	})
})
