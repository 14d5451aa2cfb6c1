import GateCore
import GateStore

extension GateError {
    /// `error` as the gate reports it to embedders (and the daemon, a store it opens itself).
    package static func from(_ error: any Error) -> GateError {
        switch error {
        case let error as GateError:
            return error
        case let error as GateInputError:
            return .invalidInput(error)
        case let error as StoreError:
            return from(error)
        default:
            return .database(DatabaseFailure(.other, String(describing: error)))
        }
    }

    /// The store's refusal, by what a caller does about it.
    private static func from(_ error: StoreError) -> GateError {
        let kind: DatabaseFailure.Kind
        switch error {
        case .notFound(let subject): return .notFound(subject)
        case .conflict(let conflict): return .conflict(conflict)
        case .constraint(let detail): return .conflict(.refused(detail))
        case .oneHousehold: return .conflict(.refused(error.description))
        case .busy: kind = .busy
        case .readOnly: kind = .readOnly
        case .diskFull: kind = .diskFull
        case .corrupt: kind = .damaged
        case .newerSchema: kind = .newerSchema
        case .notADatabase, .notOurs: kind = .notOurs
        case .postgres(let code, _): kind = postgresKind(code)
        case .migrationChanged, .cannotCreateDirectory, .cannotWrite, .sqlite, .notificationKey, .notAFile: kind = .other
        }
        return .database(DatabaseFailure(kind, error.description))
    }

    /// A PostgreSQL SQLSTATE by what a caller does about it (PostgreSQL's "Appendix A").
    private static func postgresKind(_ code: String) -> DatabaseFailure.Kind {
        switch code {
        case "40001", "40P01", "55P03", "53300", "57014": .busy  // serialization, deadlock, lock, connections, timeout
        case "25006": .readOnly  // a read-only transaction (a standby)
        case "53100": .diskFull
        case "XX001", "XX002": .damaged
        default:
            // Class 08 is the connection; 57P01–57P03 a server shutting down or starting
            // (57P04, a dropped database, is not coming back).
            code.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(code) ? .unreachable : .other
        }
    }
}
