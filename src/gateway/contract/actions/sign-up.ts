import { z } from 'zod';
import { findCountry } from '../countries';
import { phoneFitsCountry } from '../phone-country';
import { cooldownData } from './account';
import { defineAction } from './define';
import { countryField, emailField, passwordField, personNameField, phoneCodeField, phoneField } from '../validators';

// The sign-up Actions live apart from the other account Actions: their phone rule carries the
// libphonenumber metadata, which only the sign-up page should load (sign-in stays small).

/** A number that cannot exist in the chosen country is refused before a code is texted (issue 18 §5). */
function phoneFitsItsCountry({ Phone, Country }: { Phone: string; Country: string }): boolean {
  const country = findCountry(Country);
  return !country || phoneFitsCountry(Phone, Country, country.PhonePrefix);
}
const phoneNotForCountry = { message: 'validation:phoneNotForCountry', path: ['Phone'] };

export const signUpActions = {
  SendRegisterPhoneCodeV1: defineAction(
    'public',
    z.object({ Phone: phoneField, Country: countryField }).strict().refine(phoneFitsItsCountry, phoneNotForCountry),
    cooldownData,
  ),
  RegisterAdminUser: defineAction(
    'public',
    z
      .object({
        Email: emailField,
        Password: passwordField,
        ConfirmPassword: z.string().optional(),
        Phone: phoneField,
        PhoneCode: phoneCodeField,
        Country: countryField,
        EnName: personNameField.optional(),
        Agree: z.literal(true, { message: 'validation:agreeRequired' }),
      })
      .strict()
      .refine((v) => v.ConfirmPassword === undefined || v.ConfirmPassword === v.Password, {
        message: 'validation:passwordMismatch',
        path: ['ConfirmPassword'],
      })
      .refine(phoneFitsItsCountry, phoneNotForCountry),
    z.object({ AdminUserID: z.number() }),
  ),
};
