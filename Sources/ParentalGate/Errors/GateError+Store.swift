import GateCore
import GateStore

extension GateError {
    /// `error` as the gate reports it to embedders.
    static func from(_ error: any Error) -> GateError {
        switch error {
        case let error as GateError:
            return error
        case let error as GateInputError:
            return .invalidInput(error)
        case let error as StoreError:
            switch error {
            case .profileNotFound, .questionSetNotFound, .challengeNotFound, .notificationNotFound, .requestNotFound:
                return .notFound(error.description)
            case .duplicateProfile, .duplicateQuestionSet, .challengeAlreadyEnded, .constraint:
                return .conflict(error.description)
            case .notADatabase, .notOurs, .newerSchema, .migrationChanged, .cannotCreateDirectory, .readOnly, .corrupt,
                 .busy, .cannotWrite, .sqlite, .notificationKey, .notAFile, .postgres:
                return .database(error.description)
            }
        default:
            return .database(String(describing: error))
        }
    }
}
