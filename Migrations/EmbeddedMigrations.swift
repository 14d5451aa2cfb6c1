/// The SQL of every migration in this folder, embedded into the built code at build time.
///
/// Add a new `NNNN_name.sql` file here, list it below and in Package.swift's `migrationFiles`;
/// a test checks that the lists and the folder agree. SwiftPM names each embedded file after
/// it, with the leading digit turned into `_`.
package enum EmbeddedMigrations {
    /// File name and contents of each migration, in order.
    package static let files: [(name: String, sql: [UInt8])] = [
        ("0001_initial.sql", PackageResources._001_initial_sql),
        ("0002_admin_tokens.sql", PackageResources._002_admin_tokens_sql),
        ("0003_challenge_end_index.sql", PackageResources._003_challenge_end_index_sql),
        ("0004_reference_indexes.sql", PackageResources._004_reference_indexes_sql),
        ("0005_audit_repeats.sql", PackageResources._005_audit_repeats_sql),
        ("0006_notifications.sql", PackageResources._006_notifications_sql),
        ("0007_parent_requests.sql", PackageResources._007_parent_requests_sql),
        ("0008_request_binding.sql", PackageResources._008_request_binding_sql),
        ("0009_policy_change_fields.sql", PackageResources._009_policy_change_fields_sql),
        ("0010_challenge_arithmetic.sql", PackageResources._010_challenge_arithmetic_sql),
        ("0011_parent_codes.sql", PackageResources._011_parent_codes_sql),
        ("0012_quiet_hours.sql", PackageResources._012_quiet_hours_sql),
        ("0013_moving_gates.sql", PackageResources._013_moving_gates_sql),
    ]
}
