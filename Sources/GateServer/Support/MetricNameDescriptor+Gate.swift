import Prometheus

extension MetricNameDescriptor {
    /// A metric of ParentalGate: `parental_gate_NAME_UNIT`, with its HELP text.
    static func gate(_ name: String, unit: String = "", _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "parental_gate", metricName: name, unitName: unit, helpText: help)
    }
}
