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
    /// of the best-matching locale, half and half.
    static func prepareQuestion(
        _ transaction: StoreTransaction, profile: Profile, policy: Policy, generator: QuestionGenerator
    ) throws -> PreparedQuestion {
        let household = try transaction.householdLocale()
        let strings = GateStrings.forLocale(profile.locale, householdDefault: household)
        let chain = GateStrings.resolutionChain(profile.locale, householdDefault: household)
        let stringsLocale = (try? LocaleTag(strings.language)) ?? .english
        let arithmetic = {
            generator.arithmetic(
                policy.difficulty, format: policy.answerFormat, choiceCount: policy.choiceCount, strings: strings,
                locale: stringsLocale)
        }
        let stored: [StoredQuestion]
        let storedLocale: LocaleTag
        switch policy.questionSource {
        case .arithmetic:
            return arithmetic()
        case .questionSet(let name):
            let locales = try transaction.questionSetLocales(named: name)
            guard let locale = chain.first(where: locales.contains) ?? locales.first else { return arithmetic() }
            stored = try transaction.questions(inSet: name, locale: locale)
            storedLocale = locale
        case .mixed:
            if generator.mixedPicksArithmetic() { return arithmetic() }
            let sets = try transaction.questionSets()
            guard let locale = chain.first(where: { tag in sets.contains { $0.locale == tag } }) ?? sets.first?.locale else {
                return arithmetic()
            }
            stored = try sets.filter { $0.locale == locale }.flatMap { try transaction.questions(inSet: $0.name, locale: locale) }
            storedLocale = locale
        }
        return generator.stored(
            from: stored, format: policy.answerFormat, choiceCount: policy.choiceCount, locale: storedLocale) ?? arithmetic()
    }
}
