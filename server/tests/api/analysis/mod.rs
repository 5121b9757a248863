//! The summary dialog's analysis calls (menus 155 and 112): dataAnalysis over customer data
//! uploaded for real, spotCurve over rating series imported for real.

mod data_analysis;
mod spot_curve;
