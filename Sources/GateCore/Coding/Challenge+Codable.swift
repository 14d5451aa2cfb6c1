import Foundation

extension CodingUserInfoKey {
    /// `true` in an encoder's `userInfo` leaves challenges' ids out (and their `arithmetic`):
    /// whoever holds an id can answer the challenge, so a profile's status for anyone shows it
    /// without.
    public static let hidingChallengeIDs = CodingUserInfoKey(rawValue: "ParentalGate.hidingChallengeIDs")!
}

/// A challenge as JSON, as the HTTP API and `gatectl --json` write it: `id`, `profileId`,
/// `prompt`, `locale`, `format`, `choices` (for `choice` and `drag`), `issuedAt`, `deadline`,
/// for generated arithmetic `arithmetic`: `{"form", "operands"}`, for `drag` `motion`
/// (``DragMotion``), `still: true` when moving parts were left out, and `step` (``ChallengeStep``).
extension Challenge: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, profileId, prompt, locale, format, choices, issuedAt, deadline, arithmetic, motion, still, step
    }

    private enum ArithmeticKeys: String, CodingKey {
        case form, operands
    }

    public func encode(to encoder: any Encoder) throws {
        try encode(to: encoder, hidingID: encoder.userInfo[.hidingChallengeIDs] as? Bool == true)
    }

    /// The JSON, without the id when `hidingID`.
    package func encode(to encoder: any Encoder, hidingID: Bool) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !hidingID { try container.encode(id, forKey: .id) }
        try container.encode(profileID, forKey: .profileId)
        try container.encode(prompt, forKey: .prompt)
        try container.encode(locale, forKey: .locale)
        try container.encode(format, forKey: .format)
        try container.encodeIfPresent(choices, forKey: .choices)
        try container.encode(issuedAt, forKey: .issuedAt)
        try container.encode(deadline, forKey: .deadline)
        // The structure goes where the id goes: to the device that began the challenge.
        if !hidingID, let arithmetic {
            var nested = container.nestedContainer(keyedBy: ArithmeticKeys.self, forKey: .arithmetic)
            try nested.encode(arithmetic.form, forKey: .form)
            try nested.encode(arithmetic.operands, forKey: .operands)
        }
        if !hidingID {
            try container.encodeIfPresent(motion, forKey: .motion)
            try container.encodeIfPresent(step, forKey: .step)
        }
        if shownStill { try container.encode(true, forKey: .still) }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(ChallengeID.self, forKey: .id), profileID: try container.decode(Int64.self, forKey: .profileId),
            prompt: try container.decode(String.self, forKey: .prompt), locale: try container.decode(LocaleTag.self, forKey: .locale),
            format: try container.decode(AnswerFormat.self, forKey: .format), choices: try container.decodeIfPresent([Int].self, forKey: .choices),
            issuedAt: try container.decode(Date.self, forKey: .issuedAt), deadline: try container.decode(Date.self, forKey: .deadline),
            arithmetic: try Self.arithmetic(in: container), motion: try container.decodeIfPresent(DragMotion.self, forKey: .motion),
            shownStill: try container.decodeIfPresent(Bool.self, forKey: .still) ?? false,
            step: try container.decodeIfPresent(ChallengeStep.self, forKey: .step))
    }

    /// The `arithmetic` of `container`, if it has one; its operands must fit its form.
    private static func arithmetic(in container: KeyedDecodingContainer<CodingKeys>) throws -> ChallengeArithmetic? {
        guard container.contains(.arithmetic) else { return nil }
        let nested = try container.nestedContainer(keyedBy: ArithmeticKeys.self, forKey: .arithmetic)
        let form = try nested.decode(ChallengeArithmetic.Form.self, forKey: .form)
        guard let arithmetic = ChallengeArithmetic(form: form, operands: try nested.decode([Int].self, forKey: .operands)) else {
            throw DecodingError.dataCorruptedError(forKey: .operands, in: nested, debugDescription: "\(form.rawValue) takes \(form.operandCount) operands")
        }
        return arithmetic
    }
}
