/** Checkout details that pass validation (the wire body of PUT /carts/{cartId}). */
export const VALID_DETAILS = {
  gender: "female",
  firstName: "Anna",
  middleName: " ",
  lastName: "de Vries",
  phoneNumber: "+31612345678",
  email: "anna@example.com",
  dateOfBirth: "1999-04-12",
  address: "Kerkstraat",
  streetNumber: 12,
  streetNumberExtension: " ",
  postalCode: "1017 GC",
  city: "Amsterdam",
  country: "NL",
};
