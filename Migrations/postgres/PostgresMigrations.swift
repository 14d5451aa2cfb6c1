/// The SQL of every PostgreSQL migration in this folder, embedded into the built code.
///
/// Add a new `NNNN_name.sql` here, list it below and in Package.swift's
/// `postgresMigrationFiles`. A landed file is never edited: a change is a new file.
package enum PostgresMigrations {
    /// File name and contents of each migration, in order.
    package static let files: [(name: String, sql: [UInt8])] = [
        ("0001_gate.sql", PackageResources._001_gate_sql),
        ("0002_admin_tokens.sql", PackageResources._002_admin_tokens_sql),
        ("0003_questions.sql", PackageResources._003_questions_sql),
        ("0004_notifications.sql", PackageResources._004_notifications_sql),
        ("0005_parent_requests.sql", PackageResources._005_parent_requests_sql),
        ("0006_audit_guards.sql", PackageResources._006_audit_guards_sql),
        ("0007_validate_audit_kinds.sql", PackageResources._007_validate_audit_kinds_sql),
        ("0008_challenge_arithmetic.sql", PackageResources._008_challenge_arithmetic_sql),
        ("0009_parent_codes.sql", PackageResources._009_parent_codes_sql),
        ("0010_quiet_hours.sql", PackageResources._010_quiet_hours_sql),
        ("0011_moving_gates.sql", PackageResources._011_moving_gates_sql),
        ("0012_households.sql", PackageResources._012_households_sql),
        ("0013_household_rows.sql", PackageResources._013_household_rows_sql),
        ("0014_household_guards.sql", PackageResources._014_household_guards_sql),
    ]
}
