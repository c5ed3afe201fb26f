//! Abbey & Mayor (RULES.md §13). The mayor and the abbot's abbey tile are
//! data (a figure of the figure table, a tile of the set); what is code is
//! the wagon moving on ([`wagon`]) and the barn ([`barn`]).

pub mod art;
pub mod barn;
pub mod jcz;
pub mod keys;
pub mod problem;
pub mod wagon;
