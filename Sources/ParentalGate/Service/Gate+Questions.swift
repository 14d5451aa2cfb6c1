import Foundation
import GateCore
import GateStore

extension Gate {
    /// The question a new challenge of `profile` asks, from the policy's source.
    ///
    /// Wording follows the profile's locale, its parents, the household default, then
    /// English. A `questionSet:` source uses the set in the first of those locales it
    /// exists in (else any locale it exists in); if the set does not exist at all, the gate
    /// asks arithmetic rather than opening. `mixed` takes arithmetic or a stored question
    /// of the best-matching locale, half and half. `wording`, if given, words arithmetic in
    /// that language instead of the profile's; stored questions follow the profile's.
    static func prepareQuestion(
        _ transaction: any GateTransaction, profile: Profile, wording: LocaleTag? = nil, policy: Policy, generator: QuestionGenerator,
        still: Bool = false
    ) throws -> PreparedQuestion {
        var question = try prepareWords(transaction, profile: profile, wording: wording, policy: policy, generator: generator)
        // A drag's options ride on moving balls, unless the client cannot draw them.
        if policy.answerFormat == .drag, let choices = question.choices {
            if still { question.shownStill = true } else { question.motion = generator.motion(count: choices.count, policy: policy) }
        }
        switch policy.step {
        case .none: break
        case .hold: question.step = .hold(holdMs: Int(policy.holdTime.wholeMilliseconds))
        // Moving targets need a client that draws them; a still one is asked without them.
        case .twoTargets: if still { question.shownStill = true } else { question.step = .twoTargets(generator.targets(policy: policy)) }
        }
        return question
    }

    /// The question's words and options: generated arithmetic or a stored question.
    private static func prepareWords(
        _ transaction: any GateTransaction, profile: Profile, wording: LocaleTag?, policy: Policy, generator: QuestionGenerator
    ) throws -> PreparedQuestion {
        let household = try transaction.householdLocale()
        var speaking = profile
        if let wording { speaking.locale = wording }
        let strings = strings(for: speaking, household: household)
        let stringsLocale = (try? LocaleTag(strings.language)) ?? .english
        let arithmetic = {
            generator.arithmetic(
                policy.difficulty, format: policy.answerFormat, choiceCount: policy.choiceCount, strings: strings,
                locale: stringsLocale)
        }
        switch policy.questionSource {
        case .arithmetic: return arithmetic()
        case .mixed where generator.mixedPicksArithmetic(): return arithmetic()
        case .mixed, .questionSet: break
        }
        let chain = GateStrings.resolutionChain(profile.locale, householdDefault: household)
        guard let pool = try questionPool(transaction, source: policy.questionSource, chain: chain) else { return arithmetic() }
        return generator.stored(
            from: pool.questions, format: policy.answerFormat, choiceCount: policy.choiceCount, locale: pool.locale)
            ?? arithmetic()
    }

    /// The stored questions `source` asks a profile whose locales, best first, are `chain`,
    /// and their locale; `nil` when it asks arithmetic or has no questions.
    static func questionPool(
        _ transaction: any GateTransaction, source: QuestionSource, chain: [LocaleTag]
    ) throws -> (questions: [StoredQuestion], locale: LocaleTag)? {
        switch source {
        case .arithmetic:
            return nil
        case .questionSet(let name):
            let locales = try transaction.questionSetLocales(named: name)
            guard let locale = chain.first(where: locales.contains) ?? locales.first else { return nil }
            return (try transaction.questions(inSet: name, locale: locale), locale)
        case .mixed:
            let sets = try transaction.questionSets()
            guard let locale = chain.first(where: { tag in sets.contains { $0.locale == tag } }) ?? sets.first?.locale else {
                return nil
            }
            return (try sets.filter { $0.locale == locale }.flatMap { try transaction.questions(inSet: $0.name, locale: locale) }, locale)
        }
    }
}
