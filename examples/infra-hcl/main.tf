# The feature flags of the web shop, declared beside the rest of its infrastructure.
# Credentials come from the environment (FLAGPLANE_BASE_URL, FLAGPLANE_ORG, FLAGPLANE_TOKEN), never from here.

terraform {
  required_version = ">= 1.5"
  required_providers {
    flagplane = {
      source  = "flagplane/flagplane"
      version = ">= 0.1.0" # whichever release `terraform-provider-flagplane install` put in the mirror
    }
  }
}

provider "flagplane" {
  managed_by = "infra-hcl" # shows as "terraform:infra-hcl" in the console and in `flagplane plan`
}

resource "flagplane_project" "shop" {
  key         = "shop"
  name        = "Web shop"
  description = "Storefront, checkout and search"
}

# A project starts with development and production; declaring production takes it over.
resource "flagplane_environment" "production" {
  project = flagplane_project.shop.key
  key     = "production"
  name    = "Production"
  color   = "#ef4444"
}

resource "flagplane_environment" "staging" {
  project = flagplane_project.shop.key
  key     = "staging"
  name    = "Staging"
  color   = "#f59e0b"
}

resource "flagplane_segment" "beta_testers" {
  project  = flagplane_project.shop.key
  key      = "beta-testers"
  name     = "Beta testers"
  included = ["user-17", "user-42"]

  condition_group {
    condition {
      attribute = "email"
      operator  = "EndsWith"
      values    = ["@shop.example"]
    }
  }
}

resource "flagplane_flag" "new_checkout" {
  project     = flagplane_project.shop.key
  key         = "new-checkout"
  type        = "Boolean"
  name        = "New checkout"
  description = "The one-page checkout"
  tags        = ["checkout", "q4"]
  temporary   = true # a release flag: removed once the one-page checkout is everyone's
}

resource "flagplane_flag" "search_ranking" {
  project = flagplane_project.shop.key
  key     = "search-ranking"
  type    = "String"
  name    = "Search ranking"

  variation {
    key   = "classic"
    value = "classic"
  }
  variation {
    key   = "semantic"
    value = "semantic"
    name  = "Semantic ranking"
  }
}

# Production: beta testers and Dutch customers get the new checkout; everyone else keeps the old one.
resource "flagplane_flag_environment" "new_checkout_production" {
  project           = flagplane_project.shop.key
  flag              = flagplane_flag.new_checkout.key
  environment       = flagplane_environment.production.key
  enabled           = true
  default_variation = "false"

  rule {
    description = "Beta testers"
    variation   = "true"
    segment     = flagplane_segment.beta_testers.key
  }
  rule {
    description        = "Half of the Netherlands"
    variation          = "true"
    rollout_percentage = 50
    condition_group {
      condition {
        attribute = "country"
        operator  = "Equals"
        values    = ["NL"]
      }
    }
  }
}

# Staging: everybody gets it.
resource "flagplane_flag_environment" "new_checkout_staging" {
  project           = flagplane_project.shop.key
  flag              = flagplane_flag.new_checkout.key
  environment       = flagplane_environment.staging.key
  enabled           = true
  default_variation = "true"
}

# Production: a 90/10 experiment on search ranking.
resource "flagplane_flag_environment" "search_ranking_production" {
  project     = flagplane_project.shop.key
  flag        = flagplane_flag.search_ranking.key
  environment = flagplane_environment.production.key
  enabled     = true

  rollout {
    variation = "classic"
    weight    = 90
  }
  rollout {
    variation = "semantic"
    weight    = 10
  }
}

# The key the storefront's servers evaluate flags with.
resource "flagplane_sdk_key" "storefront" {
  project     = flagplane_project.shop.key
  environment = flagplane_environment.production.key
  type        = "ServerSide"
  name        = "Storefront servers"
}

# Where the storefront's deployment would receive it (a secret store, a Kubernetes secret…); terraform_data
# stands in for that resource here, so the example needs no other provider.
resource "terraform_data" "storefront_deployment" {
  input = {
    flagplane_sdk_key = flagplane_sdk_key.storefront.secret
  }
}

output "environments" {
  value = [flagplane_environment.production.key, flagplane_environment.staging.key]
}
