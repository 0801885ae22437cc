import { describe, expect, test } from 'vitest'
import {
	caseModeIds,
	caseModes,
	convertCase,
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
