import Foundation
import GateCore
import GRDB

extension StoreError {
    /// `error` as the store reports it: its own and input errors unchanged, SQLite's
    /// result codes turned into the case a person can act on.
    static func wrapping(_ error: any Error, at location: DatabaseLocation) -> any Error {
        switch error {
        case is StoreError, is GateInputError:
            return error
        case let error as DatabaseError:
            let path = location.description
            switch error.resultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                return StoreError.busy(path: path)
            case .SQLITE_READONLY:
                return StoreError.readOnly(path: path)
            case .SQLITE_NOTADB:
                return StoreError.notADatabase(path: path)
            case .SQLITE_CORRUPT:
                return StoreError.corrupt(path: path, detail: error.message ?? "corrupt")
            case .SQLITE_FULL:
                return StoreError.diskFull(path: path)
            case .SQLITE_CONSTRAINT:
                return StoreError.constraint(error.message ?? "constraint failed")
            default:
                return StoreError.sqlite(code: error.extendedResultCode.rawValue, message: error.message ?? "\(error)")
            }
        default:
            return error
        }
    }
}
