import Claims
import Inventory

/// Every input a client sends, as its schema reads it: `OpenAPIInputSchemaTests` checks each against
/// its schema in `openapi.json`, so a field read but not described (or described but not read) fails.
enum InputSchemas {
    static var all: [InputDescription] {
        [LocationInput.schema.description, ClaimLinkInput.schema.description, ClaimInput.schema.description, ClaimInput.policySchema.description,
         ClaimLineInput.schema.description, UsefulLivesInput.description, SettingsInput.schema.description, ItemInput.schema.description,
         ClaimSelection.schema.description, ClaimExpenseInput.schema.description,
         ClaimBundleInput.schema.description,
         AccountInput.schema.description]
    }
}
